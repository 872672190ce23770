// The signed-in user's own profile row (and the auth library's copy of the name and picture).
import { eq } from 'drizzle-orm';
import { PROVINCE_CODES, type ProvinceCode } from '@shared/provinces';
import type { ChefProfileFields, Profile } from '@shared/schemas/account';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { recordAudit } from '../audit/service';

const profileColumns = {
  fullName: profiles.fullName,
  email: users.email,
  role: profiles.role,
  avatarUrl: profiles.avatarUrl,
  phone: profiles.phone,
  address: profiles.address,
  province: profiles.province,
};

function asProvince(code: string | null): ProvinceCode | null {
  return (PROVINCE_CODES as readonly string[]).includes(code ?? '') ? (code as ProvinceCode) : null;
}

export async function findProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select(profileColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row ? { ...row, province: asProvince(row.province) } : null;
}

export type ProfileChanges = Partial<Pick<Profile, 'fullName' | 'phone' | 'address' | 'province'>>;

/**
 * Writes the given fields of one user's profile. The name is also the auth library's `users.name`,
 * kept equal so both sides of the account say the same thing.
 */
export async function updateProfile(db: Db, userId: string, changes: ProfileChanges, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ ...changes, updatedAt: now }).where(eq(profiles.userId, userId));
    if (changes.fullName !== undefined) {
      await tx.update(users).set({ name: changes.fullName, updatedAt: now }).where(eq(users.id, userId));
    }
  });
}

/**
 * Points the profile at a new picture and returns the one it replaces. The row is locked while
 * read and written, so two uploads at once each get back a different previous picture and none
 * is left behind.
 */
export async function replaceAvatar(
  db: Db,
  userId: string,
  avatarUrl: string,
  now: Date,
): Promise<{ previous: string | null; role: Profile['role'] } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarUrl: profiles.avatarUrl, role: profiles.role })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (!current) return null;
    await tx.update(profiles).set({ avatarUrl, updatedAt: now }).where(eq(profiles.userId, userId));
    await tx.update(users).set({ image: avatarUrl, updatedAt: now }).where(eq(users.id, userId));
    return { previous: current.avatarUrl, role: current.role };
  });
}

export type ChefProfileRow = ChefProfileFields & { role: Profile['role'] };

export async function findChefProfile(db: Db, userId: string): Promise<ChefProfileRow | null> {
  const [row] = await db
    .select({ role: profiles.role, specialty: profiles.specialty, bio: profiles.bio })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Writes the given public fields of a chef's profile, the row locked while read and written. When
 * `auditAs` names the acting admin, the change is recorded in the audit trail in the same
 * transaction (fields changed, the new specialty, the bio's length — not its whole text).
 * Returns the row as it was before, or null when the profile is gone.
 */
export async function updateChefProfile(
  db: Db,
  userId: string,
  changes: Partial<ChefProfileFields>,
  now: Date,
  auditAs: string | null,
): Promise<ChefProfileRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: profiles.role, specialty: profiles.specialty, bio: profiles.bio })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (!before) return null;
    await tx.update(profiles).set({ ...changes, updatedAt: now }).where(eq(profiles.userId, userId));
    const changed = (Object.keys(changes) as (keyof ChefProfileFields)[]).filter((k) => changes[k] !== before[k]);
    if (auditAs && changed.length) {
      await recordAudit(tx, {
        actorId: auditAs,
        action: 'profile.chef_update',
        targetType: 'profile',
        targetId: userId,
        details: {
          changed,
          ...(changed.includes('specialty') ? { specialty: changes.specialty ?? null } : {}),
          ...(changed.includes('bio') ? { bioLength: changes.bio?.length ?? 0 } : {}),
        },
      });
    }
    return before;
  });
}

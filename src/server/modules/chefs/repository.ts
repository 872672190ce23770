// Chef profiles for the public site. Public columns only: phone, address and province are
// private and never selected here.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';

const TEACHING_ROLES = ['chef', 'admin'] as const;

const publicColumns = {
  id: profiles.userId,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  specialty: profiles.specialty,
  bio: profiles.bio,
};

export type ChefRow = { id: string; fullName: string; avatarUrl: string | null; specialty: string | null; bio: string | null };

const teaches = inArray(profiles.role, [...TEACHING_ROLES]);

export async function listChefs(db: Db): Promise<ChefRow[]> {
  return db.select(publicColumns).from(profiles).where(teaches).orderBy(asc(profiles.fullName), asc(profiles.userId));
}

export async function findChef(db: Db, id: string): Promise<ChefRow | null> {
  const rows = await db.select(publicColumns).from(profiles).where(and(teaches, eq(profiles.userId, id))).limit(1);
  return rows[0] ?? null;
}

/** The chef who runs the site (the admin); a guest chef only if there is no admin yet. */
export async function findSiteChef(db: Db): Promise<ChefRow | null> {
  const rows = await db
    .select(publicColumns)
    .from(profiles)
    .where(teaches)
    .orderBy(desc(sql`${profiles.role} = 'admin'`), asc(profiles.fullName))
    .limit(1);
  return rows[0] ?? null;
}

/** Every chef's id and last change, for the sitemap. */
export async function listChefStamps(db: Db) {
  return db
    .select({ id: profiles.userId, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(teaches)
    .orderBy(asc(profiles.fullName));
}

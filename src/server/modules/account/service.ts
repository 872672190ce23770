// Mon Compte: the signed-in user reads and edits their own profile and picture. Every function
// takes the user id from the session (routes pass the guard's viewer), never from the request.
import { randomUUID } from 'node:crypto';
import { updateChefProfileSchema, updateProfileSchema, type ChefProfileFields, type Profile } from '@shared/schemas/account';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import { invalidatePublicCache } from '../../web/public-cache';
import { toAvatar } from './avatar-image';
import * as repo from './repository';

/** Keys of the avatars we generated ourselves: the only pictures an upload may delete. */
const OWN_AVATAR_KEY = /^avatars\/[0-9a-f-]{36}\.webp$/;

/** Chefs and the admin appear on public pages (chef cards, course teachers): those change with them. */
const isPublicPerson = (role: Profile['role']) => role === 'chef' || role === 'admin';

/** A learner has no public page: their profile takes no specialty or bio (403, not silently ignored). */
const NOT_A_CHEF = 'Seuls les chefs ont un profil public : la spécialité et la biographie ne s’appliquent pas à votre compte.';

export function createAccountProfileService(deps: Pick<Deps, 'database' | 'storage' | 'logger' | 'now'>) {
  const db = () => deps.database.db;

  async function get(userId: string): Promise<Profile> {
    const profile = await repo.findProfile(db(), userId);
    // A session whose profile is gone is treated as no session at all.
    if (!profile) throw new AppError('UNAUTHENTICATED');
    return profile;
  }

  /** The specialty and bio of a chef's public page (chef or admin only). */
  async function chefProfile(userId: string): Promise<ChefProfileFields> {
    const row = await repo.findChefProfile(db(), userId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    if (!isPublicPerson(row.role)) throw new AppError('FORBIDDEN', NOT_A_CHEF);
    return { specialty: row.specialty, bio: row.bio };
  }

  /** The key behind one of our avatar URLs, or null for a picture we did not make (seed, external). */
  function ownAvatarKey(url: string | null): string | null {
    if (!url) return null;
    const key = url.replace(/^\/media\//, '');
    return OWN_AVATAR_KEY.test(key) && deps.storage.publicUrl(key) === url ? key : null;
  }

  return {
    get,

    /**
     * Saves the personal-information card. Fields left out of the body keep their value (only
     * what was sent is written); anything but these four fields is ignored — a role or an e-mail
     * in the body changes nothing.
     */
    async update(userId: string, body: unknown): Promise<Profile> {
      const input = parseInput(updateProfileSchema, body);
      const sent = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      const changes: repo.ProfileChanges = { fullName: input.fullName };
      if ('phone' in sent) changes.phone = input.phone;
      if ('address' in sent) changes.address = input.address;
      if ('province' in sent) changes.province = input.province;
      const before = await get(userId);
      await repo.updateProfile(db(), userId, changes, deps.now());
      if (isPublicPerson(before.role) && before.fullName !== input.fullName) invalidatePublicCache();
      return get(userId);
    },

    chefProfile,

    /**
     * Saves the specialty and/or bio (a field left out keeps its value). The role is read from the
     * profile row, never the request: a learner is refused (403) whatever the body says, the
     * admin's change is audited, and the public pages that show chefs read it at once.
     */
    async updateChefProfile(userId: string, body: unknown): Promise<ChefProfileFields> {
      const current = await repo.findChefProfile(db(), userId);
      if (!current) throw new AppError('UNAUTHENTICATED');
      if (!isPublicPerson(current.role)) throw new AppError('FORBIDDEN', NOT_A_CHEF);
      const input = parseInput(updateChefProfileSchema, body);
      const changes: Partial<ChefProfileFields> = {};
      if (input.specialty !== undefined) changes.specialty = input.specialty;
      if (input.bio !== undefined) changes.bio = input.bio;
      const before = await repo.updateChefProfile(db(), userId, changes, deps.now(), current.role === 'admin' ? userId : null);
      if (!before) throw new AppError('UNAUTHENTICATED');
      invalidatePublicCache();
      return chefProfile(userId);
    },

    /** Checks, re-encodes and stores a new picture; the previous one of ours is deleted. */
    async replaceAvatar(userId: string, bytes: Buffer): Promise<string> {
      const avatar = await toAvatar(bytes);
      const key = `avatars/${randomUUID()}.webp`;
      await deps.storage.put(key, avatar, 'image/webp');
      const url = deps.storage.publicUrl(key);
      let replaced: Awaited<ReturnType<typeof repo.replaceAvatar>>;
      try {
        replaced = await repo.replaceAvatar(db(), userId, url, deps.now());
      } catch (err) {
        await deps.storage.delete(key).catch(() => {});
        throw err;
      }
      if (!replaced) {
        await deps.storage.delete(key).catch(() => {});
        throw new AppError('UNAUTHENTICATED');
      }
      const oldKey = ownAvatarKey(replaced.previous);
      if (oldKey) {
        // The new picture is in place either way; a file left behind costs only disk space.
        await deps.storage.delete(oldKey).catch((err) => deps.logger.warn({ err, key: oldKey }, 'old avatar not deleted'));
      }
      if (isPublicPerson(replaced.role)) invalidatePublicCache();
      return url;
    },
  };
}

export type AccountProfileService = ReturnType<typeof createAccountProfileService>;

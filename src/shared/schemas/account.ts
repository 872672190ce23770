// The signed-in user's own data: profile (Mon Compte), avatar and favourites. Every route here acts
// on the session's user only — no user id ever travels in a path or body.
import { PROVINCE_CODES, type ProvinceCode } from '../provinces';
import { z } from '../zod';
import type { RecipeSummary } from './public';

/** Optional free text: blank means "none" (stored as null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { message: tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

/** PATCH /api/account/profile — the form of the personal-information card. */
export const updateProfileSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(2, { message: 'Le nom complet doit contenir au moins 2 caractères.' })
    .max(120, { message: 'Le nom complet ne peut pas dépasser 120 caractères.' }),
  phone: optionalText(30, 'Le numéro de téléphone ne peut pas dépasser 30 caractères.').refine(
    (v) => v === null || /^[+0-9 ().-]{7,30}$/.test(v),
    { message: 'Numéro de téléphone invalide.' },
  ),
  address: optionalText(200, "L'adresse ne peut pas dépasser 200 caractères."),
  province: z
    .enum(PROVINCE_CODES, { message: 'Choisissez une province dans la liste.' })
    .nullish()
    .transform((v) => v ?? null),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export type Profile = {
  fullName: string;
  email: string;
  role: 'learner' | 'chef' | 'admin';
  avatarUrl: string | null;
  phone: string | null;
  address: string | null;
  province: ProvinceCode | null;
};

/** GET and PATCH /api/account/profile */
export type ProfileResponse = { profile: Profile };

/**
 * PATCH /api/account/chef-profile — what a chef's public page says of them: the specialty (under
 * the name, 'Chef Cuisinier' when blank) and the bio. Only a chef or the admin has a public page:
 * anyone else gets 403. A field left out keeps its value; blank clears it.
 */
export const CHEF_SPECIALTY_MAX = 80;
export const CHEF_BIO_MAX = 2000;
export const updateChefProfileSchema = z
  .object({
    specialty: optionalText(CHEF_SPECIALTY_MAX, `La spécialité ne peut pas dépasser ${CHEF_SPECIALTY_MAX} caractères.`).optional(),
    bio: optionalText(CHEF_BIO_MAX, `La biographie ne peut pas dépasser ${CHEF_BIO_MAX} caractères.`).optional(),
  })
  .strict()
  .refine((v) => v.specialty !== undefined || v.bio !== undefined, { message: 'Rien à modifier.' });
export type UpdateChefProfileInput = z.input<typeof updateChefProfileSchema>;

export type ChefProfileFields = { specialty: string | null; bio: string | null };
/** GET and PATCH /api/account/chef-profile */
export type ChefProfileResponse = { chefProfile: ChefProfileFields };

/** POST /api/account/avatar (multipart/form-data, one file in the field `avatar`). */
export const AVATAR_FIELD = 'avatar';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** What the file picker offers; the server decides by the file's bytes, never by its name or type. */
export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
export type AvatarResponse = { avatarUrl: string };

/** GET /api/favorites — the ids, to draw the hearts on any list. */
export type FavoriteIdsResponse = { recipeIds: string[] };
/** PUT /api/favorites/:recipeId and DELETE /api/favorites/:recipeId — idempotent. */
export type FavoriteToggleResponse = { recipeId: string; favorite: boolean };
/** GET /api/favorites/recipes — the page 'Mes Recettes Favorites', newest favourite first. */
export type FavoriteRecipesResponse = { recipes: RecipeSummary[] };

// The admin's recipe panel (Tableau de Bord Admin → Recettes): its API contract and the form's
// rules, shared so the browser and the server refuse the same input with the same French words.
import { MAX_SEARCH_LENGTH, RECIPE_CATEGORIES, type RecipeCategory } from '../catalog';
import { z } from '../zod';
import type { Allergen, Diet } from '../dietary';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES } from './account';
import { dietaryTagFields } from './dietary';
import { pagingFields } from './paging';

/** GET /api/admin/recipes — newest first, optional case-insensitive part of the name. */
export const adminRecipeListQuery = z
  .object({
    q: z.string().trim().max(MAX_SEARCH_LENGTH, { error: 'La recherche est trop longue (100 caractères au plus).' }).optional(),
    ...pagingFields(48),
  })
  .strict();
export type AdminRecipeListQuery = z.infer<typeof adminRecipeListQuery>;

export const NAME_REQUIRED = 'Le nom de la recette est requis.';
export const INGREDIENTS_REQUIRED = 'Indiquez au moins un ingrédient.';
export const STEPS_REQUIRED = 'Indiquez au moins une étape de préparation.';
const DURATION_ERROR = 'La durée doit être un nombre entier de minutes, de 1 à 1 440.';
const SERVINGS_ERROR = 'Le nombre de portions doit être un nombre entier de 1 à 100.';

/**
 * One textarea line per element. A string is split by line; each line is trimmed and blank lines
 * are dropped — the same on both sides, so a blank line is never stored.
 */
export function toLines(value: unknown): unknown {
  const items = typeof value === 'string' ? value.split(/\r\n|\r|\n/) : value;
  if (!Array.isArray(items)) return items;
  return items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
}

const lines = (required: string, itemLabel: string) =>
  z.preprocess(
    toLines,
    z
      .array(z.string().max(500, { error: `Chaque ${itemLabel} doit tenir en 500 caractères.` }), { error: required })
      .min(1, { error: required })
      .max(100, { error: `100 lignes au plus.` }),
  );

/** POST /api/admin/recipes and PUT/PATCH /api/admin/recipes/:id (a full recipe each time). */
export const adminRecipeInput = z
  .object({
    name: z.string({ error: NAME_REQUIRED }).trim().min(1, { error: NAME_REQUIRED }).max(120, { error: 'Le nom ne peut pas dépasser 120 caractères.' }),
    category: z.enum(RECIPE_CATEGORIES, { error: 'Choisissez une catégorie.' }),
    durationMinutes: z.coerce.number({ error: DURATION_ERROR }).int({ error: DURATION_ERROR }).min(1, { error: DURATION_ERROR }).max(1440, { error: DURATION_ERROR }),
    servings: z.coerce.number({ error: SERVINGS_ERROR }).int({ error: SERVINGS_ERROR }).min(1, { error: SERVINGS_ERROR }).max(100, { error: SERVINGS_ERROR }).default(4),
    ingredients: lines(INGREDIENTS_REQUIRED, 'ingrédient'),
    steps: lines(STEPS_REQUIRED, 'étape'),
    isPremium: z.boolean({ error: 'Valeur « premium » invalide.' }).default(false),
    description: z
      .string({ error: 'Description invalide.' })
      .trim()
      .max(2000, { error: 'La description ne peut pas dépasser 2 000 caractères.' })
      .nullish()
      .transform((v) => v ?? ''),
    ...dietaryTagFields,
  })
  .strict();
export type AdminRecipeInput = z.input<typeof adminRecipeInput>;
export type AdminRecipeValues = z.output<typeof adminRecipeInput>;

export type AdminRecipe = {
  id: string;
  name: string;
  description: string;
  category: RecipeCategory;
  durationMinutes: number;
  servings: number;
  ingredients: string[];
  steps: string[];
  /** Null: the site draws its placeholder. */
  imageUrl: string | null;
  isPremium: boolean;
  /** Null: the chef has not said yet (@shared/dietary). */
  allergens: Allergen[] | null;
  diets: Diet[];
  createdAt: string;
  updatedAt: string;
};

export type AdminRecipeListResponse = { recipes: AdminRecipe[]; total: number };
export type AdminRecipeResponse = { recipe: AdminRecipe };
export type AdminRecipeDeleteResponse = { id: string; deleted: true };

/**
 * POST /api/admin/recipes/image — multipart/form-data: the recipe's id in `recipeId` and the
 * picture in `image`. The same checks as an avatar (type by its bytes, size, pixel count), kept
 * as a fresh WebP. A fixed path (the id travels in the form) keeps the multipart route list exact.
 */
export const RECIPE_IMAGE_PATH = '/api/admin/recipes/image';
export const RECIPE_IMAGE_FIELD = 'image';
export const RECIPE_ID_FIELD = 'recipeId';
export const RECIPE_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;
export const RECIPE_IMAGE_ACCEPT = AVATAR_ACCEPT;

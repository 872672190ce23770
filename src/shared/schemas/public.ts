// The public API's contract: query inputs (validated on the server) and the shapes it answers.
import {
  COURSE_FORMATS,
  DIFFICULTIES,
  DURATION_FILTERS,
  MAX_SEARCH_LENGTH,
  RECIPE_CATEGORIES,
  type Difficulty,
  type RecipeCategory,
} from '../catalog';
import { DIETARY_FILTERS, type Allergen, type Diet } from '../dietary';
import type { Entitlement } from '../entitlements';
import { z } from '../zod';
import { pagingFields } from './paging';

export { MAX_SEARCH_LENGTH };

/** An entity id in a URL. A malformed one is answered like a missing one (404). */
export const uuidParam = z.string().uuid();

// zod's generic French messages name types in English ('attendu number'); a user reads these instead.
const CUISINE_ERROR = 'Type de cuisine invalide.';
const CHEF_ERROR = 'Chef invalide.';
const DIET_ERROR = 'Filtre « Régime et allergies » inconnu.';

/** GET /api/courses */
export const courseListQuery = z
  .object({
    cuisine: z.string().trim().min(1, { error: CUISINE_ERROR }).max(60, { error: CUISINE_ERROR }).optional(),
    difficulty: z.enum(DIFFICULTIES, { error: 'Niveau de difficulté inconnu.' }).optional(),
    chef: z.string().trim().min(1, { error: CHEF_ERROR }).max(64, { error: CHEF_ERROR }).optional(),
    format: z.enum(COURSE_FORMATS, { error: 'Format de cours inconnu.' }).optional(),
    diet: z.enum(DIETARY_FILTERS, { error: DIET_ERROR }).optional(),
  })
  .strict();
export type CourseListQuery = z.infer<typeof courseListQuery>;

/** GET /api/recipes */
export const recipeListQuery = z
  .object({
    q: z.string().trim().max(MAX_SEARCH_LENGTH, { error: 'La recherche est trop longue (100 caractères au plus).' }).optional(),
    category: z.enum(RECIPE_CATEGORIES, { error: 'Catégorie de recette inconnue.' }).optional(),
    duration: z.enum(DURATION_FILTERS, { error: 'Filtre de durée inconnu.' }).optional(),
    diet: z.enum(DIETARY_FILTERS, { error: DIET_ERROR }).optional(),
    ...pagingFields(100),
  })
  .strict();
export type RecipeListQuery = z.infer<typeof recipeListQuery>;

export type TeacherRef = { id: string; fullName: string };

export type CourseSummary = {
  id: string;
  title: string;
  description: string;
  imageUrl: string | null;
  priceCents: number;
  isLive: boolean;
  isPremium: boolean;
  difficulty: Difficulty;
  durationMinutes: number | null;
  cuisineType: string | null;
  dietaryInfo: string | null;
  /** What the class's dishes contain; null: not yet given (@shared/dietary). */
  allergens: Allergen[] | null;
  diets: Diet[];
  teacher: TeacherRef | null;
  /** The next session of a live course open for booking: scheduled, still ahead, not full. */
  nextSessionAt: string | null;
  createdAt: string;
  /** What the viewer who asked gets (shared/entitlements.ts): the card shows this, never its own rule. */
  entitlement: Entitlement;
};

export type SessionSummary = {
  id: string;
  startsAt: string;
  durationMinutes: number;
  capacity: number;
  seatsLeft: number;
  /** The most seats one booking may take in this session (docs/decisions/0047). */
  maxSeatsPerBooking: number;
  /** A class preparation kit is written for this session (its own, or its course's). */
  hasPrepKit: boolean;
};

export type CourseDetail = CourseSummary & {
  /** Upcoming scheduled sessions, soonest first (live courses). */
  sessions: SessionSummary[];
  /** False when the viewer must see the 'Contenu Exclusif pour Abonnés' panel. */
  unlocked: boolean;
  /** The viewer bought it (a succeeded purchase); `entitlement` says what that gives. */
  purchased: boolean;
  /** Live courses: the percentage subscribers save at checkout (null: recorded course, or no discount). */
  subscriberDiscountPercent: number | null;
  /** Live courses: the servings the class preparation kit is written for (the booking proposes it), or null. */
  prepKitServings: number | null;
  /** Live courses: a preparation kit exists (the course's, or one of its upcoming sessions'): only then does booking ask for servings. */
  hasPrepKit: boolean;
};

export type RecipeSummary = {
  id: string;
  name: string;
  description: string;
  category: RecipeCategory;
  durationMinutes: number;
  servings: number;
  imageUrl: string | null;
  isPremium: boolean;
  /** What the recipe contains; null: not yet given (@shared/dietary). */
  allergens: Allergen[] | null;
  diets: Diet[];
  createdAt: string;
};

export type RecipeDetail = RecipeSummary & {
  /** Null when the recipe is premium and the viewer is not entitled: never sent. */
  ingredients: string[] | null;
  steps: string[] | null;
  locked: boolean;
};

export type ChefSummary = {
  id: string;
  fullName: string;
  avatarUrl: string | null;
  specialty: string | null;
  bio: string | null;
};

export type HomeData = {
  courses: CourseSummary[];
  recipes: RecipeSummary[];
  chef: ChefSummary | null;
};

export type CourseListResponse = { courses: CourseSummary[] };
export type CourseResponse = { course: CourseDetail };
export type RecipeListResponse = { recipes: RecipeSummary[]; total: number };
export type RecipeResponse = { recipe: RecipeDetail };
export type ChefListResponse = { chefs: ChefSummary[] };
export type ChefResponse = { chef: ChefSummary; courses: CourseSummary[] };

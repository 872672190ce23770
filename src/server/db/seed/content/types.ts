// The shapes of the demo content: plain data, turned into rows by ../build.ts.
import type { Difficulty, RecipeCategory } from '@shared/catalog';
import type { Allergen, Diet } from '@shared/dietary';
import type { CoverArt } from '../images/cover';
import type { DishArt } from '../images/dish';
import type { DrinkArt } from '../images/drink';
import type { PortraitArt } from '../images/portrait';

export type SeedPerson = {
  /** A stable handle used inside the seed (e.g. to say who teaches a course). */
  key: string;
  email: string;
  fullName: string;
  role: 'learner' | 'chef' | 'admin';
  specialty?: string;
  bio?: string;
  /** Chefs get a generated portrait. */
  portrait?: PortraitArt;
  /** Two-letter province code (decides taxes later). */
  province?: string;
  /** A running monthly membership (the demo subscriber). */
  subscribed?: boolean;
};

export type SeedRecipe = {
  /** Names the image file: seed/recipes/<slug>.webp. */
  slug: string;
  name: string;
  /** One or two sentences, also used as the page's meta description. */
  description: string;
  category: RecipeCategory;
  durationMinutes: number;
  servings: number;
  isPremium: boolean;
  /** What it contains and whom it suits (@shared/dietary), as the chef would tick them. */
  allergens: Allergen[];
  diets: Diet[];
  /** How many days ago it was published, so "newest first" has an order. */
  ageDays: number;
  ingredients: string[];
  steps: string[];
  art: DishArt | DrinkArt;
};

export type SeedSession = {
  /** Days from today (in the chef's zone); the class starts at 18 h 30 America/Toronto. */
  inDays: number;
  capacity: number;
  /** Seats already taken by confirmed demo participants; equal to capacity means full. */
  booked: number;
  /** Named demo people (SeedPerson keys) who also hold a confirmed, paid seat: the demo learner. */
  guests?: string[];
  /** A session already given (negative inDays): its recording is the demo video, as if the admin had uploaded it. */
  recorded?: boolean;
};

export type SeedCourse = {
  slug: string;
  title: string;
  description: string;
  /** The key of the SeedPerson who teaches it. */
  teacher: string;
  priceCents: number;
  isLive: boolean;
  isPremium: boolean;
  difficulty: Difficulty;
  durationMinutes: number;
  cuisineType: string;
  dietaryInfo: string;
  /** What its dishes contain and whom they suit (@shared/dietary). */
  allergens: Allergen[];
  diets: Diet[];
  ageDays: number;
  /** Live courses only. */
  sessions?: SeedSession[];
  /** Live courses: the class preparation kit (format of @shared/prep-kit) and the servings it is written for. */
  prepKit?: { servings: number; lines: string[] };
  cover: CoverArt;
};

// The fixed vocabularies of the catalogue: codes in English, labels in French.

export const RECIPE_CATEGORIES = ['starter', 'main', 'dessert', 'drink'] as const;
export type RecipeCategory = (typeof RECIPE_CATEGORIES)[number];
export const RECIPE_CATEGORY_LABELS: Record<RecipeCategory, string> = {
  starter: 'Entrée',
  main: 'Plat principal',
  dessert: 'Dessert',
  drink: 'Boisson',
};

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  beginner: 'Débutant',
  intermediate: 'Intermédiaire',
  advanced: 'Avancé',
};

export const COURSE_FORMATS = ['live', 'recorded'] as const;
export type CourseFormat = (typeof COURSE_FORMATS)[number];
export const COURSE_FORMAT_LABELS: Record<CourseFormat, string> = {
  live: 'En direct',
  recorded: 'Enregistré',
};
/** How a cart line names the course type (spec: cart). */
export const COURSE_TYPE_LABELS: Record<CourseFormat, string> = {
  live: 'Cours en direct',
  recorded: 'Vidéo pré-enregistrée',
};

/** Recipe duration filter (spec §9): under 30, 30 to 60 inclusive, over 60 minutes. */
export const DURATION_FILTERS = ['lt30', '30to60', 'gt60'] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];
export const DURATION_FILTER_LABELS: Record<DurationFilter, string> = {
  lt30: 'Moins de 30 min',
  '30to60': '30-60 min',
  gt60: 'Plus de 60 min',
};

export function matchesDurationFilter(minutes: number, filter: DurationFilter): boolean {
  switch (filter) {
    case 'lt30':
      return minutes < 30;
    case '30to60':
      return minutes >= 30 && minutes <= 60;
    case 'gt60':
      return minutes > 60;
  }
}

/** Reads the leading number of minutes of a duration text such as '45 min' (spec: recipe duration). */
export function parseDurationMinutes(text: string): number | null {
  const m = /^\s*(\d+)/.exec(text);
  return m ? Number(m[1]) : null;
}

/** A live session without its own duration lasts as long as its course, or 60 minutes (spec §9). */
export const DEFAULT_SESSION_MINUTES = 60;

/** Longest recipe search the API accepts; the search box stops there too. */
export const MAX_SEARCH_LENGTH = 100;

export const SUBSCRIPTION_PRICE_CENTS = 1999;
export const CHEF_DEFAULT_SPECIALTY = 'Chef Cuisinier';
export const CHEF_DEFAULT_BIO = 'Passionné de cuisine, ce chef partage son savoir-faire avec la communauté Toque.';

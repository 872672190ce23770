// Allergies and diets: one fixed list (issue 28), for the tags the admin puts on recipes and courses
// and, later, for the needs a learner gives per seat. Codes in English, labels in French.
//
// An allergen tag says what a dish CONTAINS; a diet tag says whom it suits. A recipe whose allergens
// were never given (null) is never listed as « Sans … »: only a chef's answer makes it safe to show.

export const ALLERGENS = ['gluten', 'lactose', 'nuts', 'peanuts', 'shellfish', 'eggs'] as const;
export type Allergen = (typeof ALLERGENS)[number];
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  gluten: 'Gluten',
  lactose: 'Lactose',
  nuts: 'Noix',
  peanuts: 'Arachides',
  shellfish: 'Fruits de mer',
  eggs: 'Œufs',
};

export const DIETS = ['vegetarian', 'vegan'] as const;
export type Diet = (typeof DIETS)[number];
export const DIET_LABELS: Record<Diet, string> = {
  vegetarian: 'Végétarien',
  vegan: 'Végétalien',
};

/** The library's and the catalogue's « Régime et allergies » filter: one choice at a time. */
export const DIETARY_FILTERS = ['gluten_free', 'lactose_free', 'nut_free', 'peanut_free', 'shellfish_free', 'egg_free', 'vegetarian', 'vegan'] as const;
export type DietaryFilter = (typeof DIETARY_FILTERS)[number];
export const DIETARY_FILTER_LABELS: Record<DietaryFilter, string> = {
  gluten_free: 'Sans gluten',
  lactose_free: 'Sans lactose',
  nut_free: 'Sans noix',
  peanut_free: 'Sans arachides',
  shellfish_free: 'Sans fruits de mer',
  egg_free: 'Sans œufs',
  vegetarian: 'Végétarien',
  vegan: 'Végétalien',
};

/** What a filter asks: the absence of an allergen (among declared ones), or one of these diets. */
const CONDITIONS: Record<DietaryFilter, { without: Allergen } | { anyDiet: Diet[] }> = {
  gluten_free: { without: 'gluten' },
  lactose_free: { without: 'lactose' },
  nut_free: { without: 'nuts' },
  peanut_free: { without: 'peanuts' },
  shellfish_free: { without: 'shellfish' },
  egg_free: { without: 'eggs' },
  // A vegan dish suits a vegetarian too.
  vegetarian: { anyDiet: ['vegetarian', 'vegan'] },
  vegan: { anyDiet: ['vegan'] },
};

export const dietaryCondition = (filter: DietaryFilter) => CONDITIONS[filter];

/** The same rule in the browser's and the tests' hands. */
export function matchesDietaryFilter(tags: { allergens: readonly Allergen[] | null; diets: readonly Diet[] }, filter: DietaryFilter): boolean {
  const c = dietaryCondition(filter);
  if ('without' in c) return tags.allergens !== null && !tags.allergens.includes(c.without);
  return c.anyDiet.some((d) => tags.diets.includes(d));
}

/** Keeps the list's order whatever order the form sent, without repeats. */
export function inListOrder<T extends string>(list: readonly T[], values: readonly T[]): T[] {
  return list.filter((v) => values.includes(v));
}

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

// ---------------------------------------------------------------------------------------------
// A learner's needs per seat (issue 28, point 5; docs/decisions/0053). A need is a filter code:
// « Sans gluten » is what a seat allergic to gluten needs, « Végétalien » what a vegan seat needs.
// Health data: shown only to the booking's owner, the admin and the session's chef.

/** What one seat of a booking needs: codes from the fixed list, and free text for the rest. */
export type SeatNeeds = { needs: DietaryFilter[]; note: string };
export const NEED_NOTE_MAX = 200;

/** A seat that said nothing. */
export const NO_NEEDS: SeatNeeds = { needs: [], note: '' };

/** The chef's substitutions in a course's kit, one text per need (« Sans gluten : farine de riz »). */
export type KitSubstitutions = Partial<Record<DietaryFilter, string>>;
export const SUBSTITUTION_MAX = 500;

const needLabel = (need: DietaryFilter) => DIETARY_FILTER_LABELS[need].toLowerCase();

/** Whether a seat said anything. */
export const hasNeeds = (seat: SeatNeeds | undefined) => !!seat && (seat.needs.length > 0 || seat.note.trim() !== '');

/** « 2 sans gluten, 1 végétalien » — the seats that need each thing, in the list's order; '' when none. */
export function needsSummary(seats: readonly SeatNeeds[]): string {
  return DIETARY_FILTERS.flatMap((need) => {
    const n = seats.filter((s) => s.needs.includes(need)).length;
    return n ? [`${n} ${needLabel(need)}`] : [];
  }).join(', ');
}

/**
 * Who needs what in one booking, for each seat that said something: the holder (`name`) then each
 * guest by first name (« Invité 2 » when not given), with the needs' labels and the seat's own words.
 * The roster shows these lines; its CSV joins them.
 */
export function seatNeedsLines(name: string, guests: readonly string[], seats: readonly SeatNeeds[]): { who: string; text: string }[] {
  return seats.flatMap((seat, i) =>
    hasNeeds(seat)
      ? [{ who: i === 0 ? name || 'Titulaire' : guests[i - 1]?.trim() || `Invité ${i}`, text: [...seat.needs.map((n) => DIETARY_FILTER_LABELS[n]), ...(seat.note.trim() ? [seat.note.trim()] : [])].join(', ') }]
      : [],
  );
}

/** Every need of a booking's seats, in the list's order. */
export function bookingNeeds(seats: readonly SeatNeeds[]): DietaryFilter[] {
  return DIETARY_FILTERS.filter((need) => seats.some((s) => s.needs.includes(need)));
}

/**
 * The substitutions a booking gets: those written for one of its needs. A vegan seat gets the
 * vegetarian ones too (what leaves out meat is needed by both).
 */
export function matchingSubstitutions(subs: KitSubstitutions | null | undefined, needs: readonly DietaryFilter[]): { need: DietaryFilter; label: string; text: string }[] {
  const wanted = new Set<DietaryFilter>(needs);
  if (wanted.has('vegan')) wanted.add('vegetarian');
  return DIETARY_FILTERS.flatMap((need) => {
    const text = subs?.[need]?.trim();
    return text && wanted.has(need) ? [{ need, label: DIETARY_FILTER_LABELS[need], text }] : [];
  });
}

/** The needs kept for `seats` seats: one entry per seat, each in the list's order. */
export function needsFor(seats: number, given: readonly SeatNeeds[] | undefined): SeatNeeds[] {
  return Array.from({ length: seats }, (_, i) => {
    const s = given?.[i];
    return s ? { needs: inListOrder(DIETARY_FILTERS, s.needs), note: s.note.trim() } : { ...NO_NEEDS, needs: [] };
  });
}

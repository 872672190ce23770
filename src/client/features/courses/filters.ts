// The catalogue's five filters: read from and written to the URL, applied to the loaded courses,
// and their options derived from those same courses (spec §9: options come from the loaded courses).
import { COURSE_FORMATS, COURSE_FORMAT_LABELS, DIFFICULTIES, DIFFICULTY_LABELS, type CourseFormat, type Difficulty } from '@shared/catalog';
import { DIETARY_FILTERS, DIETARY_FILTER_LABELS, matchesDietaryFilter, type DietaryFilter } from '@shared/dietary';
import type { CourseSummary } from '@shared/schemas/public';

export const FILTER_KEYS = ['cuisine', 'difficulty', 'chef', 'format', 'diet'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export type CourseFilters = {
  cuisine?: string;
  difficulty?: Difficulty;
  /** The teacher's id. */
  chef?: string;
  format?: CourseFormat;
  /** « Régime et allergies » (@shared/dietary). */
  diet?: DietaryFilter;
};

export type FilterOption = { value: string; label: string };
export type FilterOptions = Record<FilterKey, FilterOption[]>;

const isOneOf = <T extends string>(list: readonly T[], v: string | null): v is T => v != null && (list as readonly string[]).includes(v);

/** Unknown values in a hand-edited URL are ignored rather than producing an empty page. */
export function readFilters(params: URLSearchParams): CourseFilters {
  const cuisine = params.get('cuisine')?.trim();
  const chef = params.get('chef')?.trim();
  const difficulty = params.get('difficulty');
  const format = params.get('format');
  const diet = params.get('diet');
  return {
    ...(cuisine ? { cuisine } : {}),
    ...(chef ? { chef } : {}),
    ...(isOneOf(DIFFICULTIES, difficulty) ? { difficulty } : {}),
    ...(isOneOf(COURSE_FORMATS, format) ? { format } : {}),
    ...(isOneOf(DIETARY_FILTERS, diet) ? { diet } : {}),
  };
}

/** The same params with one filter set (or removed when value is undefined); other params kept. */
export function writeFilter(params: URLSearchParams, key: FilterKey, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of FILTER_KEYS) next.delete(k);
  return next;
}

export function activeFilterCount(filters: CourseFilters): number {
  return FILTER_KEYS.filter((k) => filters[k] !== undefined).length;
}

// Cuisines compare without accents or case (« Québécoise » is « quebecoise »). Not localeCompare with
// a locale: each such call builds an ICU collator, ~50 ms of a phone's CPU on /cours (profiled).
const fold = (text: string) =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/œ/g, 'oe').replace(/æ/g, 'ae').toLowerCase();
const sameText = (a: string, b: string) => fold(a) === fold(b);

export function applyFilters(courses: CourseSummary[], f: CourseFilters): CourseSummary[] {
  return courses.filter(
    (c) =>
      (f.cuisine === undefined || (c.cuisineType != null && sameText(c.cuisineType, f.cuisine))) &&
      (f.difficulty === undefined || c.difficulty === f.difficulty) &&
      (f.chef === undefined || c.teacher?.id === f.chef) &&
      (f.format === undefined || (f.format === 'live') === c.isLive) &&
      (f.diet === undefined || matchesDietaryFilter(c, f.diet)),
  );
}

// French order for names and cuisines: letters first, accents and case only to break ties.
function byLabel(a: FilterOption, b: FilterOption): number {
  const [x, y] = [fold(a.label), fold(b.label)];
  if (x !== y) return x < y ? -1 : 1;
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

/** Only values present in the loaded courses are offered; fixed vocabularies keep their natural order. */
export function deriveOptions(courses: CourseSummary[]): FilterOptions {
  const cuisines = new Map<string, string>();
  const chefs = new Map<string, string>();
  const difficulties = new Set<Difficulty>();
  const formats = new Set<CourseFormat>();
  for (const c of courses) {
    const cuisine = c.cuisineType?.trim();
    if (cuisine && ![...cuisines.keys()].some((k) => sameText(k, cuisine))) cuisines.set(cuisine, cuisine);
    if (c.teacher) chefs.set(c.teacher.id, c.teacher.fullName);
    difficulties.add(c.difficulty);
    formats.add(c.isLive ? 'live' : 'recorded');
  }
  return {
    cuisine: [...cuisines].map(([value, label]) => ({ value, label })).sort(byLabel),
    difficulty: DIFFICULTIES.filter((d) => difficulties.has(d)).map((d) => ({ value: d, label: DIFFICULTY_LABELS[d] })),
    chef: [...chefs].map(([value, label]) => ({ value, label })).sort(byLabel),
    format: COURSE_FORMATS.filter((f) => formats.has(f)).map((f) => ({ value: f, label: COURSE_FORMAT_LABELS[f] })),
    diet: DIETARY_FILTERS.filter((d) => courses.some((c) => matchesDietaryFilter(c, d))).map((d) => ({ value: d, label: DIETARY_FILTER_LABELS[d] })),
  };
}

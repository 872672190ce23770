import { describe, expect, it } from 'vitest';
import type { CourseSummary } from '@shared/schemas/public';
import {
  activeFilterCount,
  applyFilters,
  clearFilters,
  deriveOptions,
  readFilters,
  writeFilter,
} from '@client/features/courses/filters';

const course = (over: Partial<CourseSummary>): CourseSummary => ({
  id: over.id ?? 'c',
  title: 'Cours',
  description: '',
  imageUrl: null,
  priceCents: 4500,
  isLive: true,
  isPremium: false,
  difficulty: 'beginner',
  durationMinutes: 90,
  cuisineType: 'Française',
  dietaryInfo: null,
  allergens: over.allergens ?? null,
  diets: over.diets ?? [],
  teacher: { id: 't1', fullName: 'Élise Tremblay' },
  nextSessionAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  entitlement: { status: 'for_sale', priceCents: 4500, listPriceCents: 4500, discountPercent: null },
  ...over,
});

const courses = [
  course({ id: 'a', cuisineType: 'Québécoise', difficulty: 'advanced', isLive: true }),
  course({ id: 'b', cuisineType: 'française', difficulty: 'beginner', isLive: false, teacher: { id: 't2', fullName: 'Antoine Roy' } }),
  course({ id: 'c', cuisineType: 'Française', difficulty: 'beginner', isLive: true }),
  course({ id: 'd', cuisineType: null, difficulty: 'intermediate', isLive: false, teacher: null }),
];

describe('course catalogue filters', () => {
  it('reads known filters from the URL and ignores unknown values', () => {
    const f = readFilters(new URLSearchParams('cuisine=Française&difficulty=expert&format=live&chef=t1&page=2'));
    expect(f).toEqual({ cuisine: 'Française', format: 'live', chef: 't1' });
    expect(activeFilterCount(f)).toBe(3);
  });

  it('writes and clears filters without touching other params', () => {
    const p = writeFilter(new URLSearchParams('x=1'), 'difficulty', 'advanced');
    expect(p.toString()).toBe('x=1&difficulty=advanced');
    expect(writeFilter(p, 'difficulty', undefined).toString()).toBe('x=1');
    expect(clearFilters(new URLSearchParams('x=1&cuisine=A&chef=t&format=live&difficulty=beginner')).toString()).toBe('x=1');
  });

  it('applies every filter together; cuisine ignores case and accents the way French readers do', () => {
    expect(applyFilters(courses, {}).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(applyFilters(courses, { cuisine: 'FRANÇAISE' }).map((c) => c.id)).toEqual(['b', 'c']);
    expect(applyFilters(courses, { cuisine: 'Française', format: 'live' }).map((c) => c.id)).toEqual(['c']);
    expect(applyFilters(courses, { chef: 't2' }).map((c) => c.id)).toEqual(['b']);
    expect(applyFilters(courses, { difficulty: 'intermediate', format: 'recorded' }).map((c) => c.id)).toEqual(['d']);
    expect(applyFilters(courses, { difficulty: 'advanced', format: 'recorded' })).toEqual([]);
  });

  it('offers only the values present in the loaded courses', () => {
    const o = deriveOptions(courses);
    expect(o.cuisine.map((x) => x.label)).toEqual(['française', 'Québécoise']);
    expect(o.difficulty.map((x) => x.label)).toEqual(['Débutant', 'Intermédiaire', 'Avancé']);
    expect(o.chef).toEqual([
      { value: 't2', label: 'Antoine Roy' },
      { value: 't1', label: 'Élise Tremblay' },
    ]);
    expect(o.format.map((x) => x.value)).toEqual(['live', 'recorded']);
    expect(deriveOptions([course({ isLive: false })]).format.map((x) => x.label)).toEqual(['Enregistré']);
  });

  it('« Régime et allergies »: the diet in the URL, the shared rule applied, only the options some course meets', () => {
    expect(readFilters(new URLSearchParams('diet=gluten_free'))).toEqual({ diet: 'gluten_free' });
    expect(readFilters(new URLSearchParams('diet=paleo'))).toEqual({});
    const tagged = [
      course({ id: 'pates', allergens: ['gluten', 'eggs'], diets: ['vegetarian'] }),
      course({ id: 'salade', allergens: [], diets: ['vegan'] }),
      course({ id: 'inconnu', allergens: null, diets: [] }),
    ];
    expect(applyFilters(tagged, { diet: 'gluten_free' }).map((c) => c.id)).toEqual(['salade']);
    expect(applyFilters(tagged, { diet: 'vegetarian' }).map((c) => c.id)).toEqual(['pates', 'salade']);
    expect(applyFilters(tagged, { diet: 'vegan' }).map((c) => c.id)).toEqual(['salade']);
    expect(deriveOptions(tagged).diet.map((x) => x.label)).toEqual([
      'Sans gluten',
      'Sans lactose',
      'Sans noix',
      'Sans arachides',
      'Sans fruits de mer',
      'Sans œufs',
      'Végétarien',
      'Végétalien',
    ]);
    expect(deriveOptions([tagged[2]!]).diet).toEqual([]);
    expect(activeFilterCount({ diet: 'vegan', format: 'live' })).toBe(2);
  });
});

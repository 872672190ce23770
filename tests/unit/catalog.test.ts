import { describe, expect, it } from 'vitest';
import {
  DURATION_FILTER_LABELS,
  DURATION_FILTERS,
  matchesDurationFilter,
  parseDurationMinutes,
  RECIPE_CATEGORY_LABELS,
  type DurationFilter,
} from '@shared/catalog';

describe('parseDurationMinutes', () => {
  it('reads the leading number of minutes', () => {
    expect(parseDurationMinutes('45 min')).toBe(45);
    expect(parseDurationMinutes(' 90 minutes')).toBe(90);
    expect(parseDurationMinutes('120')).toBe(120);
    expect(parseDurationMinutes('0 min')).toBe(0);
  });

  it('gives null when the text does not start with a number', () => {
    expect(parseDurationMinutes('abc')).toBeNull();
    expect(parseDurationMinutes('')).toBeNull();
    expect(parseDurationMinutes('environ 30 min')).toBeNull();
  });
});

describe('matchesDurationFilter', () => {
  // Spec: 'Moins de 30 min' under 30, '30-60 min' 30 to 60 inclusive, 'Plus de 60 min' over 60.
  const cases: [number, DurationFilter[]][] = [
    [0, ['lt30']],
    [29, ['lt30']],
    [30, ['30to60']],
    [45, ['30to60']],
    [60, ['30to60']],
    [61, ['gt60']],
    [240, ['gt60']],
  ];

  it.each(cases)('%i minutes falls in exactly %j', (minutes, expected) => {
    const matching = DURATION_FILTERS.filter((f) => matchesDurationFilter(minutes, f));
    expect(matching).toEqual(expected);
  });

  it('labels the filters as the spec does', () => {
    expect(DURATION_FILTER_LABELS).toEqual({ lt30: 'Moins de 30 min', '30to60': '30-60 min', gt60: 'Plus de 60 min' });
  });
});

describe('labels', () => {
  it('names the four recipe categories in French', () => {
    expect(Object.values(RECIPE_CATEGORY_LABELS)).toEqual(['Entrée', 'Plat principal', 'Dessert', 'Boisson']);
  });
});

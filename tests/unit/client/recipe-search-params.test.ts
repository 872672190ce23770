import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH, readRecipeSearch, writeRecipeParam } from '@client/features/recipes/search-params';

describe('recipe library search params', () => {
  it('reads known values, trims and caps the text, drops unknown filters', () => {
    expect(readRecipeSearch(new URLSearchParams('q=%20tarte%20&category=dessert&duration=lt30'))).toEqual({
      q: 'tarte',
      category: 'dessert',
      duration: 'lt30',
    });
    expect(readRecipeSearch(new URLSearchParams('category=Dessert&duration=long&q=%20%20'))).toEqual({});
    expect(readRecipeSearch(new URLSearchParams(`q=${'a'.repeat(150)}`)).q).toHaveLength(MAX_SEARCH_LENGTH);
  });

  it('sets a param, and removes it when empty, keeping the others', () => {
    const p = writeRecipeParam(new URLSearchParams('category=main'), 'q', ' soupe ');
    expect(p.toString()).toBe('category=main&q=soupe');
    expect(writeRecipeParam(p, 'q', '  ').toString()).toBe('category=main');
    expect(writeRecipeParam(p, 'category', undefined).toString()).toBe('q=soupe');
  });
});

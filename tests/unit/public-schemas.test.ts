import { describe, expect, it } from 'vitest';
import { courseListQuery, MAX_SEARCH_LENGTH, recipeListQuery, uuidParam } from '@shared/schemas/public';

/** The message zod gives for the first issue on a field. */
function messageFor(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((i) => i.path.join('.') === field)?.message;
}

describe('recipeListQuery', () => {
  it('accepts an empty query and fills the paging defaults', () => {
    expect(recipeListQuery.parse({})).toEqual({ limit: 100, offset: 0 });
  });

  it('accepts every filter, trims the search and reads numbers from the query string', () => {
    expect(recipeListQuery.parse({ q: '  Tarte ', category: 'dessert', duration: '30to60', limit: '12', offset: '24' })).toEqual({
      q: 'Tarte',
      category: 'dessert',
      duration: '30to60',
      limit: 12,
      offset: 24,
    });
    for (const duration of ['lt30', '30to60', 'gt60']) expect(recipeListQuery.safeParse({ duration }).success).toBe(true);
    for (const category of ['starter', 'main', 'dessert', 'drink']) expect(recipeListQuery.safeParse({ category }).success).toBe(true);
  });

  it('refuses a search longer than the limit, in French', () => {
    expect(recipeListQuery.safeParse({ q: 'a'.repeat(MAX_SEARCH_LENGTH) }).success).toBe(true);
    const r = recipeListQuery.safeParse({ q: 'a'.repeat(MAX_SEARCH_LENGTH + 1) });
    expect(r.success).toBe(false);
    expect(messageFor(r, 'q')).toBe('La recherche est trop longue (100 caractères au plus).');
  });

  it('refuses unknown filter values with French messages', () => {
    const r = recipeListQuery.safeParse({ category: 'Dessert', duration: '45' });
    expect(messageFor(r, 'category')).toBe('Catégorie de recette inconnue.');
    expect(messageFor(r, 'duration')).toBe('Filtre de durée inconnu.');
  });

  it('refuses paging out of range or not a number, in French', () => {
    for (const limit of ['0', '101', '2.5', 'abc']) {
      const r = recipeListQuery.safeParse({ limit });
      expect(r.success, `limit=${limit}`).toBe(false);
      expect(messageFor(r, 'limit')).toBe('La limite doit être un nombre entier de 1 à 100.');
    }
    for (const offset of ['-1', '10001', 'x']) {
      const r = recipeListQuery.safeParse({ offset });
      expect(r.success, `offset=${offset}`).toBe(false);
      expect(messageFor(r, 'offset')).toBe('Le décalage doit être un nombre entier de 0 à 10 000.');
    }
  });

  it('refuses unknown parameters', () => {
    const r = recipeListQuery.safeParse({ nom: 'tarte' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Paramètre inconnu.');
  });
});

describe('courseListQuery', () => {
  it('accepts no filter and every known filter', () => {
    expect(courseListQuery.parse({})).toEqual({});
    expect(
      courseListQuery.parse({ cuisine: ' Québécoise ', difficulty: 'beginner', chef: '7b0c2f7e-0d7e-4a1a-9a43-5f0a3f1e2d11', format: 'live' }),
    ).toEqual({ cuisine: 'Québécoise', difficulty: 'beginner', chef: '7b0c2f7e-0d7e-4a1a-9a43-5f0a3f1e2d11', format: 'live' });
    expect(courseListQuery.safeParse({ format: 'recorded', difficulty: 'advanced' }).success).toBe(true);
  });

  it('refuses unknown values with French messages', () => {
    const r = courseListQuery.safeParse({ difficulty: 'Débutant', format: 'video' });
    expect(messageFor(r, 'difficulty')).toBe('Niveau de difficulté inconnu.');
    expect(messageFor(r, 'format')).toBe('Format de cours inconnu.');
  });

  it('refuses an empty or overlong cuisine or chef, in French', () => {
    expect(messageFor(courseListQuery.safeParse({ cuisine: '   ' }), 'cuisine')).toBe('Type de cuisine invalide.');
    expect(messageFor(courseListQuery.safeParse({ cuisine: 'x'.repeat(61) }), 'cuisine')).toBe('Type de cuisine invalide.');
    expect(messageFor(courseListQuery.safeParse({ chef: '' }), 'chef')).toBe('Chef invalide.');
    expect(messageFor(courseListQuery.safeParse({ chef: 'x'.repeat(65) }), 'chef')).toBe('Chef invalide.');
  });

  it('refuses unknown parameters', () => {
    expect(courseListQuery.safeParse({ prix: '10' }).success).toBe(false);
  });
});

describe('uuidParam', () => {
  it('accepts a UUID and refuses anything else', () => {
    expect(uuidParam.safeParse('7b0c2f7e-0d7e-4a1a-9a43-5f0a3f1e2d11').success).toBe(true);
    for (const bad of ['abc', '1', '7b0c2f7e-0d7e-4a1a-9a43-5f0a3f1e2d1', "' OR 1=1 --"]) expect(uuidParam.safeParse(bad).success).toBe(false);
  });
});

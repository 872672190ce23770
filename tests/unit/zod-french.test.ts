// The shared zod: every string refuses what PostgreSQL cannot store (NUL, lone surrogates) with one
// French message, and the rules a schema leaves without a message read as Québec French, never as
// the library's own (« Trop grand : attendu que string ait ≤120 caractères »).
import { describe, expect, it } from 'vitest';
import { signUpSchema } from '@shared/schemas/auth';
import { z } from '@shared/zod';
import { UNSTORABLE_TEXT_MESSAGE } from '@shared/zod-core';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('storable text', () => {
  it.each([
    ['a NUL character', 'Marie\u0000Lavoie'],
    ['a NUL alone', '\u0000'],
    ['a lone high surrogate', 'crêpe\uD800'],
    ['a lone low surrogate', '\uDC00crêpe'],
    ['surrogates in the wrong order', '\uDC00\uD800'],
  ])('refuses %s with one French message, before any other rule', (_label, value) => {
    expect(messageOf(z.string().max(3), value)).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(messageOf(z.string().trim().min(2).max(120), value)).toBe(UNSTORABLE_TEXT_MESSAGE);
  });

  it('keeps every real character: accents, emoji (a surrogate pair), « guillemets »', () => {
    expect(z.string().parse('Crème brûlée 🍁 « maison » œuf')).toBe('Crème brûlée 🍁 « maison » œuf');
  });

  it('reaches the shared schemas: a sign-up with a NUL in the name is refused on that field', () => {
    const result = signUpSchema.safeParse({ name: 'Léa\u0000', email: 'lea@exemple.ca', password: 'Zq4-vR8k-Cretons' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', UNSTORABLE_TEXT_MESSAGE]]);
  });
});

describe('zod’s messages in Québec French', () => {
  it.each([
    [z.string().max(120), 'x'.repeat(121), '120 caractères au maximum.'],
    [z.string().max(1000), 'x'.repeat(1001), `${new Intl.NumberFormat('fr-CA').format(1000)} caractères au maximum.`],
    [z.string().min(1), '', 'Ce champ est requis.'],
    [z.string().min(8), 'abc', '8 caractères au minimum.'],
    [z.string(), undefined, 'Ce champ est requis.'],
    [z.string(), 42, 'Entrez du texte.'],
    [z.number(), 'abc', 'Entrez un nombre.'],
    [z.number().int(), 1.5, 'Entrez un nombre entier.'],
    [z.number().max(50), 51, 'La valeur doit être d’au plus 50.'],
    [z.number().min(1), 0, 'La valeur doit être d’au moins 1.'],
    [z.number().positive(), 0, 'La valeur doit être supérieure à 0.'],
    [z.array(z.string()).max(2), ['a', 'b', 'c'], '2 éléments au maximum.'],
    [z.array(z.string()).min(1), [], 'Ajoutez au moins un élément.'],
    [z.string().uuid(), 'pas-un-uuid', 'Identifiant invalide.'],
    [z.email(), 'pas-un-courriel', 'Adresse courriel invalide.'],
    [z.string().datetime(), '2026-99', 'Date et heure invalides.'],
    [z.enum(['starter', 'main']), 'dessert', 'Choisissez une des valeurs proposées.'],
    [z.boolean(), 'oui', 'Choisissez oui ou non.'],
    [z.object({ a: z.string() }).strict(), { a: 'x', b: 1 }, 'Paramètre inconnu.'],
  ] as [z.ZodType, unknown, string][])('message %#', (schema, value, expected) => {
    expect(messageOf(schema, value)).toBe(expected);
  });

  it('never says what the library says: no symbol, no type name, no « attendu »', () => {
    const schemas: [z.ZodType, unknown][] = [[z.string().max(3), 'abcd'], [z.number(), 'x'], [z.literal(true), false], [z.union([z.string(), z.number()]), null]];
    for (const [schema, value] of schemas) expect(messageOf(schema, value)).not.toMatch(/[≤≥<>]|attendu|string|number|reçu/);
  });

  it('a schema’s own message still wins', () => {
    expect(messageOf(z.string().min(2, { message: 'Le nom complet doit contenir au moins 2 caractères.' }), 'a')).toBe(
      'Le nom complet doit contenir au moins 2 caractères.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { defaultServings, hasPrepKit, parsePrepKit, scalePrepKit, servingsLabel, sessionPrepKit } from '@shared/prep-kit';

const CREPES = `Ingrédients :
- 250 g de farine
- 4 œufs
- 1/2 l de lait
* 1 pincée de sel

Sel et poivre au goût
## Matériel
• Un grand bol
2 poêles à crêpes
Un fouet`;

describe('parsePrepKit', () => {
  it('splits ingredients from equipment, drops blank lines, bullets and headings', () => {
    expect(parsePrepKit(CREPES)).toEqual({
      ingredients: ['250 g de farine', '4 œufs', '1/2 l de lait', '1 pincée de sel', 'Sel et poivre au goût'],
      equipment: ['Un grand bol', '2 poêles à crêpes', 'Un fouet'],
    });
  });

  it("takes 'Matériel : …' as the start of the equipment and its first piece", () => {
    expect(parsePrepKit('200 g de beurre\r\nMatériel : une planche à découper\nUn couteau de chef')).toEqual({
      ingredients: ['200 g de beurre'],
      equipment: ['une planche à découper', 'Un couteau de chef'],
    });
    expect(parsePrepKit('1 oignon\nmateriel\nUne casserole').equipment).toEqual(['Une casserole']);
  });

  it('keeps everything as ingredients without a Matériel line, and nothing for an empty kit', () => {
    expect(parsePrepKit('3 pommes\nLe jus de 1 citron')).toEqual({ ingredients: ['3 pommes', 'Le jus de 1 citron'], equipment: [] });
    expect(parsePrepKit(null)).toEqual({ ingredients: [], equipment: [] });
    expect(hasPrepKit('  \n\nMatériel :\n')).toBe(false);
    expect(hasPrepKit('Matériel : un fouet')).toBe(true);
  });
});

describe('scalePrepKit', () => {
  it('scales the ingredients to the servings and never the equipment', () => {
    expect(scalePrepKit(CREPES, 4, 6)).toEqual({
      ingredients: ['375 g de farine', '6 œufs', '750 ml de lait', '1 1/2 pincée de sel', 'Sel et poivre au goût'],
      equipment: ['Un grand bol', '2 poêles à crêpes', 'Un fouet'],
    });
  });

  it('halves French lines with fractions, plurals and ranges', () => {
    const kit = "2 tasses de sirop d'érable\n2 gousses d'ail, hachées\n2 à 3 c. à soupe de beurre\nMatériel\n1 moule à tarte";
    expect(scalePrepKit(kit, 4, 2)).toEqual({
      ingredients: ["1 tasse de sirop d'érable", "1 gousse d'ail, hachée", '1 à 1 1/2 c. à soupe de beurre'],
      equipment: ['1 moule à tarte'],
    });
  });

  it('leaves the kit as written for the same servings', () => {
    expect(scalePrepKit('500 g de porc haché', 2, 2).ingredients).toEqual(['500 g de porc haché']);
  });
});

describe('sessionPrepKit and the servings', () => {
  it("prefers the session's own kit, falls back on the course's, else none", () => {
    expect(sessionPrepKit('1 citron', '2 oranges')).toBe('1 citron');
    expect(sessionPrepKit('  \n', '2 oranges')).toBe('2 oranges');
    expect(sessionPrepKit(null, null)).toBeNull();
  });

  it('proposes the servings of the kit (1–12), else 2, and says them in French', () => {
    expect(defaultServings(4)).toBe(4);
    expect(defaultServings(null)).toBe(2);
    expect(defaultServings(20)).toBe(12);
    expect(servingsLabel(1)).toBe('1 personne');
    expect(servingsLabel(6)).toBe('6 personnes');
  });
});

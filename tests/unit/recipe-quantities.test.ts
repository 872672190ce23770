import { describe, expect, it } from 'vitest';
import { parseIngredient, parseNumber, pluralize, scaleIngredientLine, scaleIngredients, singularize } from '@shared/recipes/quantities';

// [line, factor, expected]: real lines from the seed recipes and common Québec recipes.
const SCALED: [string, number, string][] = [
  // Salade de betteraves (4 → 6, the e2e recipe)
  ['4 betteraves moyennes (environ 600 g)', 1.5, '6 betteraves moyennes (environ 900 g)'],
  ["1 c. à soupe d'huile d'olive, pour la cuisson", 1.5, "1 1/2 c. à soupe d'huile d'olive, pour la cuisson"],
  ['120 g de fromage de chèvre frais, émietté', 1.5, '180 g de fromage de chèvre frais, émietté'],
  ['4 tasses de jeunes pousses (roquette ou mesclun)', 1.5, '6 tasses de jeunes pousses (roquette ou mesclun)'],
  ['1/3 tasse de noix de Grenoble grillées', 1.5, '1/2 tasse de noix de Grenoble grillées'],
  ["3 c. à soupe d'huile d'olive, pour la vinaigrette", 1.5, "4 1/2 c. à soupe d'huile d'olive, pour la vinaigrette"],
  // Pouding chômeur
  ["1 1/2 tasse de sirop d'érable", 1.5, "2 1/4 tasses de sirop d'érable"],
  ['1 tasse de crème 35 %', 2, '2 tasses de crème 35 %'],
  ['1/2 tasse de beurre, ramolli', 0.5, '1/4 tasse de beurre, ramolli'],
  ['2 œufs', 0.5, '1 œuf'],
  ['2 c. à thé de poudre à pâte', 1.5, '3 c. à thé de poudre à pâte'],
  ['1 pincée de sel', 2, '2 pincées de sel'],
  // Tourtière
  ['2 abaisses de pâte brisée de 23 cm (9 po)', 0.5, '1 abaisse de pâte brisée de 23 cm (9 po)'],
  ['500 g de porc haché', 2, '1 kg de porc haché'],
  ['250 g de veau haché', 1.5, '375 g de veau haché'],
  ['1 oignon, haché finement', 2, '2 oignons, hachés finement'],
  ["1 gousse d'ail, hachée", 2, "2 gousses d'ail, hachées"],
  ['1 pomme de terre moyenne, pelée et râpée', 2, '2 pommes de terre moyennes, pelées et râpées'],
  ['1/4 c. à thé de clou de girofle moulu', 0.5, '1/8 c. à thé de clou de girofle moulu'],
  ['1 œuf battu, pour dorer', 2, '2 œufs battus, pour dorer'],
  // Soupe aux pois
  ['450 g (2 tasses) de pois jaunes cassés, rincés', 1.5, '675 g (3 tasses) de pois jaunes cassés, rincés'],
  ["2,5 litres d'eau", 0.5, "1,25 litre d'eau"],
  ['2 feuilles de laurier', 0.5, '1 feuille de laurier'],
  ['2 branches de céleri, coupées en dés', 0.5, '1 branche de céleri, coupée en dés'],
  // Tarte au sucre
  ['1 1/2 tasse de cassonade bien tassée', 2, '3 tasses de cassonade bien tassée'],
  ['2 c. à soupe de beurre fondu', 0.5, '1 c. à soupe de beurre fondu'],
  // Cretons
  ['500 g de porc haché mi-maigre', 1.5, '750 g de porc haché mi-maigre'],
  ['1/2 tasse de chapelure', 1.5, '3/4 tasse de chapelure'],
  ['1/4 c. à thé de piment de la Jamaïque moulu', 2, '1/2 c. à thé de piment de la Jamaïque moulu'],
  // Pâté chinois, soupe à l'oignon, bourguignon, drinks
  ['1 kg de pommes de terre, pelées et coupées en morceaux', 0.5, '500 g de pommes de terre, pelées et coupées en morceaux'],
  ['1 boîte (398 ml) de maïs en crème', 2, '2 boîtes (398 ml) de maïs en crème'],
  ['1,5 litre de bouillon de bœuf', 0.5, '750 ml de bouillon de bœuf'],
  ['125 ml de vin blanc sec', 1.5, '190 ml de vin blanc sec'],
  ['750 ml de vin rouge (bourgogne ou pinot noir)', 2, '1,5 l de vin rouge (bourgogne ou pinot noir)'],
  ['1,2 kg de bœuf à braiser (paleron), en cubes de 4 cm', 1.5, '1,8 kg de bœuf à braiser (paleron), en cubes de 4 cm'],
  ['18 petits oignons perlés, pelés', 1.5, '27 petits oignons perlés, pelés'],
  ['1 bouquet garni (thym, laurier, persil)', 2, '2 bouquets garnis (thym, laurier, persil)'],
  ['2 anis étoilés', 0.5, '1 anis étoilé'],
  ['3/4 tasse de jus de citron fraîchement pressé (environ 5 citrons)', 2, '1 1/2 tasse de jus de citron fraîchement pressé (environ 10 citrons)'],
  ['1 courge musquée (environ 1,2 kg), pelée et coupée en cubes', 2, '2 courges musquées (environ 2,4 kg), pelées et coupées en cubes'],
  ['4 pavés de saumon de 150 g, avec la peau', 1.5, '6 pavés de saumon de 150 g, avec la peau'],
  // Ranges, unicode fractions, other spellings
  ["2 à 3 gousses d'ail", 2, "4 à 6 gousses d'ail"],
  ['2-3 pommes', 2, '4-6 pommes'],
  ['½ tasse de lait', 2, '1 tasse de lait'],
  ['1½ tasse de farine', 2, '3 tasses de farine'],
  ['1 ½ c. à thé de sel', 2, '3 c. à thé de sel'],
  ['3 œufs', 1.5, '4 1/2 œufs'],
  ['200 g de farine', 1.5, '300 g de farine'],
  ['200 g de farine', 4 / 3, '270 g de farine'],
  ['5 g de levure sèche', 1.5, '7,5 g de levure sèche'],
  ['7 g de levure sèche', 1.5, '11 g de levure sèche'],
  ['2 cuillères à soupe de sucre', 0.5, '1 cuillère à soupe de sucre'],
  ['1 cuillère à thé de vanille', 3, '3 cuillères à thé de vanille'],
  ['250 grammes de beurre', 0.5, '125 grammes de beurre'],
  ['1 lb de bœuf haché', 1.5, '1 1/2 lb de bœuf haché'],
  ['1 c. à table de mélasse', 2, '2 c. à table de mélasse'],
  ['600 à 800 g de bœuf en cubes', 2, '1,2 à 1,6 kg de bœuf en cubes'],
  ['1,5 à 2 kg de pommes de terre', 0.25, '375 à 500 g de pommes de terre'],
];

const UNCHANGED = [
  'Sel et poivre au goût',
  'Huile de canola, pour la friture',
  'Le jus de 1 citron',
  'Quelques feuilles de basilic frais',
  "Sirop d'érable, au goût",
  'Poivre au goût',
];

describe('scaleIngredientLine on real French lines', () => {
  it.each(SCALED)('%s × %d', (line, factor, expected) => {
    expect(scaleIngredientLine(line, factor)).toBe(expected);
  });

  it.each(UNCHANGED)('leaves "%s" as written', (line) => {
    expect(parseIngredient(line).kind).toBe('none');
    expect(scaleIngredientLine(line, 1.5)).toBe(line);
    expect(scaleIngredientLine(line, 0.5)).toBe(line);
  });

  it('holds at least 40 real lines', () => {
    expect(SCALED.length + UNCHANGED.length).toBeGreaterThanOrEqual(40);
  });

  it('gives every line back unchanged at factor 1 or a nonsense factor', () => {
    for (const [line] of SCALED) {
      expect(scaleIngredientLine(line, 1)).toBe(line);
      expect(scaleIngredientLine(line, 0)).toBe(line);
      expect(scaleIngredientLine(line, Number.NaN)).toBe(line);
    }
  });

  it('never writes a zero, however far it scales down', () => {
    expect(scaleIngredientLine('1 pincée de sel', 0.1)).toBe('1/4 pincée de sel');
    expect(scaleIngredientLine('1/4 c. à thé de cannelle', 0.1)).toBe('1/8 c. à thé de cannelle');
    expect(scaleIngredientLine('5 g de sel', 0.001)).toBe('0,1 g de sel');
  });
});

describe('parseIngredient', () => {
  it('reads quantity, normalised unit and the rest', () => {
    expect(parseIngredient('200 g de farine')).toMatchObject({ kind: 'quantity', quantity: { kind: 'single', value: 200 }, unit: 'g', rest: ' de farine' });
    expect(parseIngredient('2 c. à soupe de beurre')).toMatchObject({ unit: 'c. à soupe', unitKind: 'spoon', rest: ' de beurre' });
    expect(parseIngredient('2 cuillères à table de beurre')).toMatchObject({ unit: 'c. à soupe' });
    expect(parseIngredient('1 c. à café de sel')).toMatchObject({ unit: 'c. à thé' });
    expect(parseIngredient('3 tasses de farine')).toMatchObject({ unit: 'tasse' });
    expect(parseIngredient('2,5 litres d\'eau')).toMatchObject({ quantity: { value: 2.5 }, unit: 'l', rest: " d'eau" });
    expect(parseIngredient('3 œufs')).toMatchObject({ unit: null, unitKind: 'item', rest: ' œufs' });
    expect(parseIngredient("2 à 3 gousses d'ail")).toMatchObject({ quantity: { kind: 'range', min: 2, max: 3, separator: ' à ' }, unit: 'gousse' });
  });

  it('does not take the first letter of a word for a unit', () => {
    expect(parseIngredient('1 gros oignon')).toMatchObject({ unit: null, rest: ' gros oignon' });
    expect(parseIngredient('2 litres de lait')).toMatchObject({ unit: 'l' });
    expect(parseIngredient('1 lime')).toMatchObject({ unit: null });
    expect(parseIngredient('2 potirons')).toMatchObject({ unit: null });
  });

  it('reads fractions, mixed numbers, unicode fractions and decimals', () => {
    expect(parseNumber('1/2')).toBe(0.5);
    expect(parseNumber('1 1/2')).toBe(1.5);
    expect(parseNumber('¾')).toBe(0.75);
    expect(parseNumber('1½')).toBe(1.5);
    expect(parseNumber('2,5')).toBe(2.5);
    expect(parseNumber('2.5')).toBe(2.5);
  });
});

describe('French agreement', () => {
  it('makes words plural and singular', () => {
    expect(pluralize('oignon')).toBe('oignons');
    expect(pluralize('morceau')).toBe('morceaux');
    expect(pluralize('radis')).toBe('radis');
    expect(singularize('œufs')).toBe('œuf');
    expect(singularize('morceaux')).toBe('morceau');
    expect(singularize('pois')).toBe('pois');
    expect(singularize('frais')).toBe('frais');
  });
});

describe('scaleIngredients', () => {
  it('scales a whole recipe from its servings to others', () => {
    expect(scaleIngredients(['2 œufs', 'Sel au goût', '1 tasse de lait'], 4, 8)).toEqual(['4 œufs', 'Sel au goût', '2 tasses de lait']);
    expect(scaleIngredients(['2 œufs'], 4, 4)).toEqual(['2 œufs']);
  });
});

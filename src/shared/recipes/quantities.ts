// Ingredient lines in French: the quantity at the start of a line ('200 g de farine', '1 1/2 tasse',
// '2 à 3 gousses d'ail'), scaled for another number of servings and written back the way a cook
// writes it. Pure (no DOM): the client scales a recipe, the server will scale a class kit.
//
// Rules (what the tests pin down):
// - Only a quantity that OPENS the line is scaled. 'Le jus de 1 citron', 'Sel et poivre au goût',
//   'Huile pour la friture' are left exactly as written (the quantity inside is part of a name or a
//   size: '4 pavés de saumon de 150 g' scales the 4, never the 150 g).
// - A parenthesis right after the quantity is an equivalent and is scaled too ('450 g (2 tasses) de
//   pois'), and so is one starting with 'environ'/'soit' ('4 betteraves (environ 600 g)'); after a
//   container ('1 boîte (398 ml) de maïs') it is the container's size and stays.
// - Metric mass and volume: decimal comma; g/ml rounded (under 10: one decimal; under 100: whole;
//   from 100: to 10, or to 5 when the exact value is a multiple of 5: 266,67 g → 270 g, 375 ml stays);
//   1000 g and more is written in kg, under 1 kg in g (same for l and ml: 750 ml × 1,5 → 1,125 l).
// - Cups, spoons and things counted: fractions ('1 1/2 tasse', '3/4 tasse'), to the nearest quarter or
//   third (eighths for spoons under 1). Things counted without a unit (eggs, onions) go to the nearest
//   half from 1 up ('3 œufs' × 1,5 → '4 1/2 œufs': half an egg is a beaten egg halved), whole from 10.
// - French number agreement: plural from 2 ('1 1/2 tasse', '2 tasses'); the unit word, and for things
//   counted the noun and its adjectives ('1 œuf battu' → '2 œufs battus'), agree.
// - Ranges ('2 à 3', '2-3', '2 ou 3') scale both ends and keep their separator.

export type Quantity = { kind: 'single'; value: number } | { kind: 'range'; min: number; max: number; separator: string };

export type UnitKind = 'mass' | 'volume' | 'spoon' | 'cup' | 'count' | 'imperial';

type UnitDef = {
  /** The normalised unit ('g', 'c. à soupe', 'gousse'…). */
  unit: string;
  kind: UnitKind;
  /** Spellings that mean it, longest first in the matcher; the first group holds word forms that agree. */
  abbreviations: string[];
  words?: [singular: string, plural: string][];
  /** A container: a parenthesis after it gives its size, not an equivalent. */
  container?: boolean;
  /** The participles after the comma describe the unit's noun ('2 gousses d'ail, hachées'). */
  agrees?: boolean;
};

const UNITS: UnitDef[] = [
  { unit: 'mg', kind: 'mass', abbreviations: ['mg'], words: [['milligramme', 'milligrammes']] },
  { unit: 'g', kind: 'mass', abbreviations: ['g', 'gr'], words: [['gramme', 'grammes']] },
  { unit: 'kg', kind: 'mass', abbreviations: ['kg'], words: [['kilogramme', 'kilogrammes'], ['kilo', 'kilos']] },
  { unit: 'ml', kind: 'volume', abbreviations: ['ml', 'mL'], words: [['millilitre', 'millilitres']] },
  { unit: 'cl', kind: 'volume', abbreviations: ['cl', 'cL'], words: [['centilitre', 'centilitres']] },
  { unit: 'dl', kind: 'volume', abbreviations: ['dl', 'dL'], words: [['décilitre', 'décilitres']] },
  { unit: 'l', kind: 'volume', abbreviations: ['l', 'L'], words: [['litre', 'litres']] },
  { unit: 'lb', kind: 'imperial', abbreviations: ['lb', 'lbs'], words: [['livre', 'livres']] },
  { unit: 'oz', kind: 'imperial', abbreviations: ['oz'], words: [['once', 'onces']] },
  {
    unit: 'c. à soupe',
    kind: 'spoon',
    abbreviations: ['c. à soupe', 'c. à s.', 'c.à.s.', 'c. à table', 'c. à tab.', 'c. soupe', 'c à soupe', 'c.s.', 'cs', 'c. à s'],
    words: [['cuillère à soupe', 'cuillères à soupe'], ['cuillerée à soupe', 'cuillerées à soupe'], ['cuillère à table', 'cuillères à table']],
  },
  {
    unit: 'c. à thé',
    kind: 'spoon',
    abbreviations: ['c. à thé', 'c. à t.', 'c.à.t.', 'c. à café', 'c. à c.', 'c. thé', 'c à thé', 'c.t.', 'ct', 'c. à t'],
    words: [['cuillère à thé', 'cuillères à thé'], ['cuillerée à thé', 'cuillerées à thé'], ['cuillère à café', 'cuillères à café']],
  },
  { unit: 'tasse', kind: 'cup', abbreviations: [], words: [['tasse', 'tasses']] },
  { unit: 'pincée', kind: 'count', abbreviations: [], words: [['pincée', 'pincées']] },
  { unit: 'gousse', kind: 'count', agrees: true, abbreviations: [], words: [['gousse', 'gousses']] },
  { unit: 'boîte', kind: 'count', abbreviations: [], words: [['boîte', 'boîtes'], ['conserve', 'conserves']], container: true },
  { unit: 'sachet', kind: 'count', abbreviations: [], words: [['sachet', 'sachets']], container: true },
  { unit: 'paquet', kind: 'count', abbreviations: [], words: [['paquet', 'paquets']], container: true },
  { unit: 'pot', kind: 'count', abbreviations: [], words: [['pot', 'pots']], container: true },
  { unit: 'bouteille', kind: 'count', abbreviations: [], words: [['bouteille', 'bouteilles']], container: true },
  { unit: 'enveloppe', kind: 'count', abbreviations: [], words: [['enveloppe', 'enveloppes']], container: true },
  { unit: 'abaisse', kind: 'count', abbreviations: [], words: [['abaisse', 'abaisses']], container: true },
  { unit: 'branche', kind: 'count', agrees: true, abbreviations: [], words: [['branche', 'branches']] },
  { unit: 'feuille', kind: 'count', agrees: true, abbreviations: [], words: [['feuille', 'feuilles']] },
  { unit: 'tranche', kind: 'count', agrees: true, abbreviations: [], words: [['tranche', 'tranches']] },
  { unit: 'botte', kind: 'count', abbreviations: [], words: [['botte', 'bottes']] },
  { unit: 'poignée', kind: 'count', abbreviations: [], words: [['poignée', 'poignées']] },
  { unit: 'bâton', kind: 'count', abbreviations: [], words: [['bâton', 'bâtons']] },
  { unit: 'morceau', kind: 'count', abbreviations: [], words: [['morceau', 'morceaux']] },
  { unit: 'filet', kind: 'count', abbreviations: [], words: [['filet', 'filets']] },
  { unit: 'trait', kind: 'count', abbreviations: [], words: [['trait', 'traits']] },
  { unit: 'verre', kind: 'count', abbreviations: [], words: [['verre', 'verres']] },
  { unit: 'brin', kind: 'count', abbreviations: [], words: [['brin', 'brins']] },
  { unit: 'noix', kind: 'count', abbreviations: [], words: [['noix', 'noix']] },
];

/** How a unit was written: its definition, and the word form used (null: an abbreviation, which never agrees). */
type UnitMatch = { def: UnitDef; text: string; word: [string, string] | null };

type Spelling = { text: string; def: UnitDef; word: [string, string] | null };

// Longest first, so 'c. à soupe' wins over 'c' and 'kg' over 'g'.
const SPELLINGS: Spelling[] = UNITS.flatMap((def) => [
  ...def.abbreviations.map((text) => ({ text, def, word: null })),
  ...(def.words ?? []).flatMap((word) => [
    { text: word[1], def, word },
    { text: word[0], def, word },
  ]),
]).sort((a, b) => b.text.length - a.text.length);

export type ParsedIngredient =
  | {
      kind: 'quantity';
      quantity: Quantity;
      /** Normalised unit, or null for things counted ('3 œufs'). */
      unit: string | null;
      unitKind: UnitKind | 'item';
      /** What follows the quantity and unit, as written (' de farine', ' œufs'), an equivalent included. */
      rest: string;
      original: string;
    }
  | { kind: 'none'; original: string };

const UNICODE_FRACTIONS: Record<string, number> = {
  '½': 1 / 2, '⅓': 1 / 3, '⅔': 2 / 3, '¼': 1 / 4, '¾': 3 / 4, '⅕': 1 / 5, '⅖': 2 / 5, '⅗': 3 / 5, '⅘': 4 / 5,
  '⅙': 1 / 6, '⅚': 5 / 6, '⅛': 1 / 8, '⅜': 3 / 8, '⅝': 5 / 8, '⅞': 7 / 8,
};
const UF = Object.keys(UNICODE_FRACTIONS).join('');

// One number: '1 1/2', '1½', '1 ½', '½', '3/4', '2,5', '2.5', '12'.
const NUMBER = `(?:\\d+\\s+\\d+\\s*[/⁄]\\s*\\d+|\\d+\\s*[/⁄]\\s*\\d+|\\d*\\s?[${UF}]|\\d+(?:[.,]\\d+)?)`;
const RANGE_SEPARATOR = '\\s*(?:à|-|–|ou)\\s*';
const LEADING = new RegExp(`^\\s*(${NUMBER})(?:(${RANGE_SEPARATOR})(${NUMBER}))?`, 'u');

export function parseNumber(text: string): number {
  const t = text.trim().replace('⁄', '/');
  const unicode = t.match(new RegExp(`^(\\d*)\\s?([${UF}])$`, 'u'));
  if (unicode) return Number(unicode[1] || 0) + UNICODE_FRACTIONS[unicode[2]!]!;
  const mixed = t.match(/^(\d+)\s+(\d+)\s*\/\s*(\d+)$/);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = t.match(/^(\d+)\s*\/\s*(\d+)$/);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  return Number(t.replace(',', '.'));
}

const isLetter = (c: string | undefined) => c !== undefined && /[\p{L}]/u.test(c);

function matchUnit(text: string): UnitMatch | null {
  for (const s of SPELLINGS) {
    if (!text.startsWith(s.text)) continue;
    // A whole word: 'g' of 'gousse' is no gram, 'l' of 'lait' no litre ('c. à s.' ends on its dot).
    if (isLetter(text[s.text.length]) || text[s.text.length] === "'" || text[s.text.length] === '’') continue;
    return { def: s.def, text: s.text, word: s.word };
  }
  return null;
}

export function parseIngredient(line: string): ParsedIngredient {
  const m = line.match(LEADING);
  if (!m) return { kind: 'none', original: line };
  const after = line.slice(m[0].length);
  // '3e étage', '2x' and the like are not quantities: the number must stand alone.
  if (isLetter(after[0]) && !/^\s/.test(after) && !matchUnit(after)) return { kind: 'none', original: line };
  const first = parseNumber(m[1]!);
  if (!Number.isFinite(first) || first <= 0) return { kind: 'none', original: line };
  let quantity: Quantity = { kind: 'single', value: first };
  if (m[3]) {
    const second = parseNumber(m[3]);
    if (!Number.isFinite(second) || second <= first) {
      // '2-3' read back as a range only when it climbs; otherwise stop at the first number.
      return withUnit(line, line.slice(line.indexOf(m[1]!) + m[1]!.length), { kind: 'single', value: first });
    }
    quantity = { kind: 'range', min: first, max: second, separator: m[2]! };
  }
  return withUnit(line, after, quantity);
}

function withUnit(line: string, after: string, quantity: Quantity): ParsedIngredient {
  const space = after.match(/^\s*/)![0];
  const unit = matchUnit(after.slice(space.length));
  if (!unit) return { kind: 'quantity', quantity, unit: null, unitKind: 'item', rest: after, original: line };
  return {
    kind: 'quantity',
    quantity,
    unit: unit.def.unit,
    unitKind: unit.def.kind,
    rest: after.slice(space.length + unit.text.length),
    original: line,
  };
}

// ——— Numbers as a cook writes them ———

const formatDecimal = (v: number, digits: number) =>
  v.toLocaleString('fr-CA', { maximumFractionDigits: digits, useGrouping: false });

type FractionStep = { value: number; text: string };
const QUARTERS_AND_THIRDS: FractionStep[] = [
  { value: 0, text: '' },
  { value: 1 / 4, text: '1/4' },
  { value: 1 / 3, text: '1/3' },
  { value: 1 / 2, text: '1/2' },
  { value: 2 / 3, text: '2/3' },
  { value: 3 / 4, text: '3/4' },
  { value: 1, text: '' },
];
const WITH_EIGHTHS: FractionStep[] = [...QUARTERS_AND_THIRDS, { value: 1 / 8, text: '1/8' }].sort((a, b) => a.value - b.value);
const HALVES: FractionStep[] = [
  { value: 0, text: '' },
  { value: 1 / 2, text: '1/2' },
  { value: 1, text: '' },
];

/** A number in whole + fraction ('1 1/2', '3/4'), to the nearest step; never 0. */
function formatFraction(v: number, steps: FractionStep[]): { text: string; value: number } {
  let whole = Math.floor(v);
  const part = v - whole;
  let best = steps[0]!;
  for (const s of steps) if (Math.abs(s.value - part) < Math.abs(best.value - part) - 1e-9) best = s;
  if (best.value === 1) {
    whole += 1;
    best = steps[0]!;
  }
  if (whole === 0 && best.value === 0) best = steps.find((s) => s.value > 0)!;
  const text = whole === 0 ? best.text : best.text ? `${whole} ${best.text}` : String(whole);
  return { text, value: whole + best.value };
}

/** The nearest fraction for a unit kind (what the line will say), with its value for agreement. */
function roundForKind(v: number, kind: UnitKind | 'item'): { text: string; value: number } {
  switch (kind) {
    case 'spoon':
      return formatFraction(v, v < 1 ? WITH_EIGHTHS : QUARTERS_AND_THIRDS);
    case 'cup':
    case 'imperial':
      return v >= 10 ? formatFraction(v, HALVES) : formatFraction(v, QUARTERS_AND_THIRDS);
    case 'count':
    case 'item':
      if (v >= 10) {
        const r = Math.round(v);
        return { text: String(r), value: r };
      }
      return formatFraction(v, v < 1 ? QUARTERS_AND_THIRDS : HALVES);
    default:
      return { text: formatDecimal(v, 2), value: v };
  }
}

/** Grams or millilitres: precise when small, round numbers when large. */
function roundMetricSmall(v: number): number {
  if (v < 10) return Math.max(0.1, Math.round(v * 10) / 10);
  if (v < 100) return Math.round(v);
  const five = Math.round(v / 5) * 5;
  if (Math.abs(five - v) < 0.01) return five;
  return Math.round(v / 10) * 10;
}

const METRIC_PAIRS: Record<string, { small: string; large: string }> = {
  g: { small: 'g', large: 'kg' },
  kg: { small: 'g', large: 'kg' },
  ml: { small: 'ml', large: 'l' },
  l: { small: 'ml', large: 'l' },
};

// ——— Agreement ———

/** Singular words ending in s, x or z: they do not lose a letter when scaled down. */
const INVARIABLE = new Set([
  'pois', 'anis', 'ananas', 'radis', 'maïs', 'jus', 'riz', 'noix', 'cassis', 'panais', 'frais', 'gros', 'épais',
  'gras', 'dos', 'bras', 'poids', 'chou-fleur', 'français', 'anglais', 'japonais', 'mois', 'fois', 'corps', 'prix',
]);

export function pluralize(word: string): string {
  if (/[sxz]$/i.test(word)) return word;
  if (/(?:eau|au|eu)$/i.test(word) && !/^(?:bleu|pneu)$/i.test(word)) return `${word}x`;
  if (/al$/i.test(word) && !/^(?:bal|festival|chacal|régal)$/i.test(word)) return `${word.slice(0, -2)}aux`;
  return `${word}s`;
}

export function singularize(word: string): string {
  if (INVARIABLE.has(word.toLowerCase())) return word;
  if (/eaux$/i.test(word) || /eux$/i.test(word)) return word.slice(0, -1);
  if (/aux$/i.test(word)) return `${word.slice(0, -3)}al`;
  if (/[^s]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

const isPlural = (v: number) => v >= 2;

// Words that end a noun phrase: what follows belongs to another noun ('pomme de terre', 'œuf, battu').
const STOP_WORDS = new Set(['de', 'du', 'des', 'à', 'au', 'aux', 'en', 'pour', 'avec', 'sans', 'ou', 'et', 'sur', 'dans', 'le', 'la', 'les']);
// Nouns made of words joined by a preposition: the preposition does not end them.
const COMPOUNDS = [/^(pommes?)( de terre)/iu, /^(jaunes?)( d['’]œufs?)/iu, /^(blancs?)( d['’]œufs?)/iu, /^(clous?)( de girofle)/iu];
// A participle after the comma agrees with the noun ('1 oignon, haché' → '2 oignons, hachés').
const PARTICIPLE = /^(?:\p{L}+(?:é|ée|és|ées|i|ie|is|ies|u|ue|us|ues|it|ite|its|ites|rt|rte|rts|rtes))$/u;

/** The noun phrase that opens `rest` (and the participles after its comma) made singular or plural. */
function agreeNounPhrase(rest: string, plural: boolean): string {
  const change = plural ? pluralize : singularize;
  const lead = rest.match(/^\s*/)![0];
  let text = rest.slice(lead.length);
  let out = lead;
  for (const compound of COMPOUNDS) {
    const m = text.match(compound);
    if (m) {
      out += change(m[1]!) + m[2]!;
      text = text.slice(m[0].length);
      return out + agreeAdjectives(text, change, true);
    }
  }
  return out + agreeAdjectives(text, change, false);
}

function agreeAdjectives(full: string, change: (w: string) => string, afterNoun: boolean): string {
  // Parentheses are asides ('(environ 1,2 kg)'): hidden while agreeing, put back after.
  const asides: string[] = [];
  const text = full.replace(/\([^()]*\)/g, (aside) => {
    asides.push(aside);
    return '\uE000';
  });
  // Tokens: words (letters, hyphen, apostrophe inside) and everything else kept as is.
  const tokens = text.match(/[\p{L}][\p{L}-]*|[^\p{L}]+/gu) ?? [];
  let out = '';
  let seenNoun = afterNoun;
  let afterComma = false;
  let done = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (done) {
      out += t;
      continue;
    }
    if (!/^\p{L}/u.test(t)) {
      // Spaces and a parenthesis (hidden as PAREN) go by; a comma opens the participles; anything
      // else (an apostrophe: 'd'ail') ends the phrase.
      const bare = t.replace(/[\s\uE000]/gu, '');
      if (bare === ',') afterComma = true;
      else if (bare !== '') done = true;
      out += t;
      continue;
    }
    const next = tokens[i + 1];
    if (STOP_WORDS.has(t.toLowerCase()) || (next !== undefined && /^['’]/.test(next))) {
      // 'et' between two participles keeps them going ('pelée et râpée').
      if (afterComma && t.toLowerCase() === 'et') {
        out += t;
        continue;
      }
      done = true;
      out += t;
      continue;
    }
    if (!seenNoun) {
      seenNoun = true;
      out += change(t);
    } else if (!afterComma || PARTICIPLE.test(t)) {
      out += change(t);
    } else {
      done = true;
      out += t;
    }
  }
  return out.replace(/\uE000/g, () => asides.shift()!);
}

/** Only the participles after the first comma agree ('2 gousses d'ail, hachées'). */
function agreeParticiples(rest: string, plural: boolean): string {
  const comma = rest.indexOf(',');
  if (comma < 0) return rest;
  return rest.slice(0, comma) + agreeAdjectives(rest.slice(comma), plural ? pluralize : singularize, true);
}

// ——— Scaling and writing back ———

type Written = { text: string; value: number };

function writeNumber(v: number, kind: UnitKind | 'item', unit: string | null): Written {
  if (kind === 'mass' || kind === 'volume') {
    const r = unit === 'g' || unit === 'ml' ? roundMetricSmall(v) : unit === 'kg' || unit === 'l' ? v : Math.max(0.1, Math.round(v * 10) / 10);
    return { text: formatDecimal(r, 3), value: r };
  }
  return roundForKind(v, kind);
}

/**
 * Grams (millilitres) and kilograms (litres) are one scale: the value is rounded in g (ml), then
 * written in kg (l) from 1000. Returns the unit and the value to write.
 */
function chooseMetric(value: number, unit: string): { unit: string; value: number } {
  const pair = METRIC_PAIRS[unit];
  if (!pair) return { unit, value };
  const small = roundMetricSmall(unit === pair.small ? value : value * 1000);
  return small >= 1000 ? { unit: pair.large, value: small / 1000 } : { unit: pair.small, value: small };
}

/** The unit as the line will say it: the same spelling, agreed; an abbreviation when g/kg switched. */
function writeUnit(original: UnitMatch, unit: string, plural: boolean): string {
  if (unit !== original.def.unit) return unit;
  if (!original.word) return original.text;
  return plural ? original.word[1] : original.word[0];
}

/** A quantity written back: numbers, then the unit; with the value used for agreement. */
function writeQuantity(q: Quantity, kind: UnitKind | 'item', unit: string | null): { numbers: string; unit: string | null; top: number } {
  const max = q.kind === 'single' ? q.value : q.max;
  const metric = unit && (kind === 'mass' || kind === 'volume') ? chooseMetric(max, unit) : { unit, value: max };
  const hi = writeNumber(metric.value, kind, metric.unit);
  if (q.kind === 'single') return { numbers: hi.text, unit: metric.unit, top: hi.value };
  // The lower end in the upper end's unit ('500 g à 1 kg' would read oddly: '0,5 à 1 kg').
  const loValue = metric.unit === unit ? q.min : unit && METRIC_PAIRS[unit]?.small === unit ? q.min / 1000 : q.min * 1000;
  const lo = writeNumber(metric.unit === 'kg' || metric.unit === 'l' ? Math.round(loValue * 1000) / 1000 : roundMetricSmallIf(loValue, metric.unit), kind, metric.unit);
  if (lo.text === hi.text) return { numbers: hi.text, unit: metric.unit, top: hi.value };
  return { numbers: `${lo.text}${q.separator}${hi.text}`, unit: metric.unit, top: hi.value };
}

const roundMetricSmallIf = (v: number, unit: string | null) => (unit === 'g' || unit === 'ml' ? roundMetricSmall(v) : v);

const scaleQuantity = (q: Quantity, factor: number): Quantity =>
  q.kind === 'single' ? { kind: 'single', value: q.value * factor } : { ...q, min: q.min * factor, max: q.max * factor };

/** A parenthesis of equivalents in `rest` scaled too (see the rules at the top). */
function scaleEquivalent(rest: string, factor: number, container: boolean): string {
  const m = rest.match(/^(\s*\()([^()]*)(\))/);
  if (m) {
    const inner = m[2]!;
    const leadingQuantity = !container && LEADING.test(inner);
    const about = inner.match(/^(environ|env\.|soit)(\s+)(.*)$/iu);
    if (leadingQuantity) return m[1] + scaleIngredientLine(inner, factor) + m[3] + rest.slice(m[0].length);
    if (about && LEADING.test(about[3]!)) return `${m[1]}${about[1]}${about[2]}${scaleIngredientLine(about[3]!, factor)}${m[3]}${rest.slice(m[0].length)}`;
    return rest;
  }
  // '4 betteraves moyennes (environ 600 g)': an 'environ' parenthesis later in the line.
  return rest.replace(/\((environ|env\.|soit)(\s+)([^()]*)\)/iu, (all, about: string, space: string, inner: string) =>
    LEADING.test(inner) ? `(${about}${space}${scaleIngredientLine(inner, factor)})` : all,
  );
}

/**
 * The line for `factor` times the quantity (6 servings of a recipe for 4: 1,5). A line without a
 * leading quantity comes back unchanged, and so does any line at factor 1.
 */
export function scaleIngredientLine(line: string, factor: number): string {
  if (!(factor > 0) || Math.abs(factor - 1) < 1e-9) return line;
  const parsed = parseIngredient(line);
  if (parsed.kind === 'none') return line;
  const scaled = scaleQuantity(parsed.quantity, factor);
  const written = writeQuantity(scaled, parsed.unitKind, parsed.unit);
  const wasPlural = isPlural(parsed.quantity.kind === 'single' ? parsed.quantity.value : parsed.quantity.max);
  const plural = isPlural(written.top);

  const lead = line.slice(0, line.length - line.trimStart().length);
  if (parsed.unit === null) {
    let rest = scaleEquivalent(parsed.rest, factor, false);
    if (plural !== wasPlural) rest = agreeNounPhrase(rest, plural);
    return `${lead}${written.numbers}${rest}`;
  }
  const unitText = matchUnitAt(line, parsed);
  const unitWord = writeUnit(unitText, written.unit ?? parsed.unit, plural);
  let rest = scaleEquivalent(parsed.rest, factor, Boolean(unitText.def.container));
  if (unitText.def.agrees && plural !== wasPlural) rest = agreeParticiples(rest, plural);
  return `${lead}${written.numbers}${unitText.gap}${unitWord}${rest}`;
}

/** The unit of a parsed line as it was written, with the space before it. */
function matchUnitAt(line: string, parsed: Extract<ParsedIngredient, { kind: 'quantity' }>): UnitMatch & { gap: string } {
  const m = line.match(LEADING)!;
  let after = line.slice(m[0].length);
  if (parsed.quantity.kind === 'single' && m[3]) after = line.slice(line.indexOf(m[1]!) + m[1]!.length);
  const gap = after.match(/^\s*/)![0];
  return { ...matchUnit(after.slice(gap.length))!, gap };
}

/** Every line of a recipe for `to` servings instead of `from`. */
export function scaleIngredients(lines: readonly string[], from: number, to: number): string[] {
  if (!(from > 0) || !(to > 0)) return [...lines];
  return lines.map((line) => scaleIngredientLine(line, to / from));
}

// zod's messages in Québec French, as a person reads them under a form field or in a server answer
// (« 120 caractères au maximum. »), in place of the library's own (« Trop grand : attendu que
// string ait ≤120 caractères »), which name types and symbols. A schema's own message still wins.
import type { $ZodErrorMap } from 'zod/v4/core';

const number = (n: number | bigint) => new Intl.NumberFormat('fr-CA').format(n);
const plural = (n: number | bigint, one: string, many: string) => (Number(n) >= 2 ? many : one);

const TYPES: Record<string, string> = {
  string: 'Entrez du texte.',
  number: 'Entrez un nombre.',
  int: 'Entrez un nombre entier.',
  bigint: 'Entrez un nombre entier.',
  boolean: 'Choisissez oui ou non.',
  date: 'Entrez une date valide.',
  array: 'Une liste de valeurs est attendue.',
  object: 'Des renseignements sont attendus ici.',
};

const FORMATS: Record<string, string> = {
  email: 'Adresse courriel invalide.',
  url: 'Adresse Web invalide.',
  datetime: 'Date et heure invalides.',
  date: 'Date invalide.',
  time: 'Heure invalide.',
  duration: 'Durée invalide.',
  e164: 'Numéro de téléphone invalide.',
};

type Measured = { origin: string; inclusive?: boolean; exact?: boolean };

function tooBig(issue: Measured & { maximum: number | bigint }): string {
  const max = Number(issue.maximum);
  const limit = issue.inclusive === false ? max - 1 : max;
  switch (issue.origin) {
    case 'string':
      return `${number(limit)} ${plural(limit, 'caractère', 'caractères')} au maximum.`;
    case 'array':
    case 'set':
      return `${number(limit)} ${plural(limit, 'élément', 'éléments')} au maximum.`;
    case 'file':
      return `Fichier trop volumineux (${number(Math.floor(max / 1_000_000))} Mo au maximum).`;
    case 'date':
      return 'Cette date est trop tardive.';
    default:
      return issue.inclusive === false ? `La valeur doit être inférieure à ${number(max)}.` : `La valeur doit être d’au plus ${number(max)}.`;
  }
}

function tooSmall(issue: Measured & { minimum: number | bigint }): string {
  const min = Number(issue.minimum);
  const floor = issue.inclusive === false ? min + 1 : min;
  switch (issue.origin) {
    case 'string':
      return floor <= 1 ? 'Ce champ est requis.' : `${number(floor)} caractères au minimum.`;
    case 'array':
    case 'set':
      return floor <= 1 ? 'Ajoutez au moins un élément.' : `${number(floor)} éléments au minimum.`;
    case 'file':
      return 'Le fichier est vide.';
    case 'date':
      return 'Cette date est trop tôt.';
    default:
      return issue.inclusive === false ? `La valeur doit être supérieure à ${number(min)}.` : `La valeur doit être d’au moins ${number(min)}.`;
  }
}

/** The error map of every schema (set once by src/shared/zod.ts). */
export const frenchZodError: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Ce champ est requis.';
      return TYPES[issue.expected] ?? 'Valeur invalide.';
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? (/uuid|guid|cuid|ulid|nanoid|xid|ksuid/.test(issue.format) ? 'Identifiant invalide.' : 'Format invalide.');
    case 'not_multiple_of':
      return `La valeur doit être un multiple de ${number(Number(issue.divisor))}.`;
    case 'unrecognized_keys':
      return issue.keys.length > 1 ? 'Paramètres inconnus.' : 'Paramètre inconnu.';
    case 'invalid_value':
      return 'Choisissez une des valeurs proposées.';
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
    case 'custom':
    default:
      return 'Valeur invalide.';
  }
};

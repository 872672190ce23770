// The class preparation kit: what a learner buys and takes out before a live class. The chef types
// it in one text box, for a number of servings (the course's 'Pour (portions)'):
//
//   200 g de farine
//   2 œufs
//   1 tasse de lait
//   Matériel :
//   Un grand bol
//   Un fouet
//
// - One ingredient or piece of equipment per line; blank lines are dropped, and so is a leading
//   '-', '*' or '•' (chefs paste lists).
// - A line 'Matériel' (with or without ':' or a '##' in front) starts the equipment; a line
//   'Matériel : un fouet' also gives its first piece. 'Ingrédients' lines are headings too and
//   are dropped. Without a 'Matériel' line everything is an ingredient.
// - Ingredients are scaled to the learner's servings (quantities.ts: only a quantity opening the
//   line; 'Sel et poivre' stays). Equipment is never scaled: one whisk serves any number.
import { scaleIngredients } from './recipes/quantities';

export type PrepKit = { ingredients: string[]; equipment: string[] };

/** The kit goes out this long before the class; a booking's dietary needs can be changed until then. */
export const PREP_KIT_LEAD_HOURS = 72;

/** When a session's kit goes out (and the needs stop being editable). */
export function prepKitSendsAt(startsAt: Date | string): Date {
  return new Date(new Date(startsAt).getTime() - PREP_KIT_LEAD_HOURS * 3_600_000);
}

export const PREP_KIT_MAX_LENGTH = 4000;
export const SERVINGS_MIN = 1;
export const SERVINGS_MAX = 12;
/** When the chef gave no servings for the kit. */
export const DEFAULT_KIT_SERVINGS = 2;

const BULLET = /^\s*(?:[-*•·]\s+)?/u;
const EQUIPMENT_HEADING = /^(?:#{1,6}\s*)?mat[ée]riel\s*(?::\s*(.*))?$/iu;
const INGREDIENTS_HEADING = /^(?:#{1,6}\s*)?ingr[ée]dients?\s*:?\s*$/iu;

export function parsePrepKit(text: string | null | undefined): PrepKit {
  const kit: PrepKit = { ingredients: [], equipment: [] };
  let section: keyof PrepKit = 'ingredients';
  for (const raw of (text ?? '').split(/\r?\n/)) {
    const line = raw.replace(BULLET, '').trim();
    if (!line) continue;
    const equipment = line.match(EQUIPMENT_HEADING);
    if (equipment) {
      section = 'equipment';
      const first = equipment[1]?.trim();
      if (first) kit.equipment.push(first);
      continue;
    }
    if (INGREDIENTS_HEADING.test(line)) {
      section = 'ingredients';
      continue;
    }
    kit[section].push(line);
  }
  return kit;
}

/** Whether a kit text holds at least one line to send. */
export function hasPrepKit(text: string | null | undefined): boolean {
  const kit = parsePrepKit(text);
  return kit.ingredients.length + kit.equipment.length > 0;
}

/** The kit written for `fromServings`, for `toServings` people: ingredients scaled, equipment as written. */
export function scalePrepKit(kit: string | PrepKit | null | undefined, fromServings: number, toServings: number): PrepKit {
  const parsed = typeof kit === 'object' && kit !== null ? kit : parsePrepKit(kit);
  return { ingredients: scaleIngredients(parsed.ingredients, fromServings, toServings), equipment: [...parsed.equipment] };
}

/** The kit of a session: its own when the chef wrote one, else the course's. */
export function sessionPrepKit(sessionKit: string | null | undefined, courseKit: string | null | undefined): string | null {
  if (hasPrepKit(sessionKit)) return sessionKit!;
  return hasPrepKit(courseKit) ? courseKit! : null;
}

/** The servings a booking proposes first: what the kit is written for (at most 12), else 2. */
export function defaultServings(kitServings: number | null | undefined): number {
  if (!kitServings || kitServings < SERVINGS_MIN) return DEFAULT_KIT_SERVINGS;
  return Math.min(kitServings, SERVINGS_MAX);
}

/** '1 personne', '4 personnes' */
export function servingsLabel(servings: number): string {
  return `${servings} ${servings > 1 ? 'personnes' : 'personne'}`;
}

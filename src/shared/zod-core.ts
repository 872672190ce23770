// zod as the app uses it (src/shared/zod.ts exports it as `z`): all of zod, except that every
// string schema refuses what PostgreSQL cannot store — the NUL character (U+0000), which a text
// column rejects outright, and lone UTF-16 surrogates, which are not characters at all. Every
// schema built with `z.string()` thus answers such input with a French 400, on the server and in
// the forms alike, whoever wrote it and whenever.
import { z as zod } from 'zod';

export * from 'zod';

/** Said when a text holds a character no database column can keep. */
export const UNSTORABLE_TEXT_MESSAGE = 'Ce texte contient un caractère invisible non permis. Retirez-le puis réessayez.';

// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store this text as sent (no NUL, no lone surrogate). */
export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** zod's z.string(), with the storable-text check first (so its message wins over length rules). */
export function string(params?: Parameters<typeof zod.string>[0]): zod.ZodString {
  return zod.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}

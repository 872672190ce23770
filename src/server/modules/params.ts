// What comes in URLs: ids (a malformed one is answered like a missing one, 404) and query
// parameters (bad ones are a 400 in French) — never a server error.
import type { Context } from 'hono';
import { uuidParam } from '@shared/schemas/public';
import { z } from '@shared/zod';
import { AppError } from '../http/app-error';
import { parseInput } from '../http/validate';

/** True for a well-formed uuid (course, recipe, session ids). */
export function isUuid(value: string): boolean {
  return uuidParam.safeParse(value).success;
}

/** Chef ids are user ids: text made by the auth library, letters, digits, '_' and '-'. */
const CHEF_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isChefId(value: string): boolean {
  return CHEF_ID.test(value);
}

/** Endpoints that take no query parameters still refuse unknown ones, like the others (400). */
export const noQuery = z.object({}).strict();

const NUL_MESSAGE = 'Ce champ contient un caractère non permis.';

/**
 * The request's query parameters, parsed with a shared schema (400 in French on failure).
 * PostgreSQL text cannot hold a NUL character: one in a parameter is refused here as bad input
 * rather than failing in the database.
 */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = c.req.query();
  const withNul = Object.keys(query).filter((k) => query[k]!.includes('\u0000') || k.includes('\u0000'));
  if (withNul.length) throw new AppError('VALIDATION_FAILED', undefined, Object.fromEntries(withNul.map((k) => [k, NUL_MESSAGE])));
  return parseInput(schema, query);
}

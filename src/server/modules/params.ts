// Ids found in URLs. A malformed id is answered like a missing one (404), never as a server error.
import { uuidParam } from '@shared/schemas/public';
import { z } from '@shared/zod';

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

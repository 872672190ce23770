// `limit` and `offset` of every paged list of the API, with their French messages.
import { z } from '../zod';

const LIMIT_ERROR = 'La limite doit être un nombre entier de 1 à 100.';
const OFFSET_ERROR = 'Le décalage doit être un nombre entier de 0 à 10 000.';

/** Spread into a query object: `z.object({ ...pagingFields(20), … })`. */
export function pagingFields(defaultLimit: number) {
  return {
    limit: z.coerce
      .number({ error: LIMIT_ERROR })
      .int({ error: LIMIT_ERROR })
      .min(1, { error: LIMIT_ERROR })
      .max(100, { error: LIMIT_ERROR })
      .default(defaultLimit),
    offset: z.coerce
      .number({ error: OFFSET_ERROR })
      .int({ error: OFFSET_ERROR })
      .min(0, { error: OFFSET_ERROR })
      .max(10_000, { error: OFFSET_ERROR })
      .default(0),
  };
}

// zod, configured once for both sides: every string refuses what the database cannot store
// (zod-core.ts), and every message a person may read is in Québec French (zod-messages.ts), for
// the rules a schema leaves without a message of its own.
import * as z from './zod-core';
import { frenchZodError } from './zod-messages';

z.config({ localeError: frenchZodError });

export { z };

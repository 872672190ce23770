// The admin API's contract. Every route under /api/admin answers 401 to a visitor and 403 to
// anyone but the admin.
import { z } from '../zod';

const LIMIT_ERROR = 'La limite doit être un nombre entier de 1 à 100.';
const OFFSET_ERROR = 'Le décalage doit être un nombre entier de 0 à 10 000.';

/** GET /api/admin/outbox — the e-mails kept when no SMTP server is configured, newest first. */
export const outboxQuery = z
  .object({
    limit: z.coerce
      .number({ error: LIMIT_ERROR })
      .int({ error: LIMIT_ERROR })
      .min(1, { error: LIMIT_ERROR })
      .max(100, { error: LIMIT_ERROR })
      .default(20),
    offset: z.coerce
      .number({ error: OFFSET_ERROR })
      .int({ error: OFFSET_ERROR })
      .min(0, { error: OFFSET_ERROR })
      .max(10_000, { error: OFFSET_ERROR })
      .default(0),
  })
  .strict();
export type OutboxQuery = z.infer<typeof outboxQuery>;

export type OutboxEmail = {
  id: string;
  to: string;
  subject: string;
  /** The plain-text version (the HTML one says the same). */
  text: string;
  createdAt: string;
};

export type OutboxResponse = { emails: OutboxEmail[]; total: number };

// The admin API's contract. Every route under /api/admin answers 401 to a visitor and 403 to
// anyone but the admin.
import { z } from '../zod';
import { pagingFields } from './paging';


/** GET /api/admin/outbox — the e-mails kept when no SMTP server is configured, newest first. */
export const outboxQuery = z
  .object({
    ...pagingFields(20),
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

/**
 * `delivery`: how the site sends e-mail now. 'smtp' (SMTP_URL set): e-mails go out by SMTP and are
 * no longer kept here (the list holds only those kept before); 'outbox': they are kept here only.
 */
export type OutboxResponse = { emails: OutboxEmail[]; total: number; delivery: 'smtp' | 'outbox' };

/** GET /api/admin/outbox/:emailId — one e-mail with its HTML version (to show in a sandboxed frame). */
export type OutboxEmailResponse = { email: OutboxEmail & { html: string } };

/**
 * GET /api/admin/demo-accounts — the demo accounts still opened by the password the README shows
 * (the admin area warns while there are any: docs/decisions/0029-fail-closed.md).
 */
export type DemoAccountsResponse = { accounts: string[] };

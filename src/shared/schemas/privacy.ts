// Québec's Law 25 on Mon Compte and the privacy page: the data export, the account deletion, and
// what the privacy policy states from the server's configuration.
import { z } from '../zod';

/** The word the person types to confirm the deletion (compared exactly, after trimming). */
export const DELETION_CONFIRMATION_WORD = 'SUPPRIMER';

/** POST /api/account/delete — the current password is required when the account has one. */
export const deleteAccountSchema = z.object({
  confirmation: z.string().max(64),
  password: z.string().max(1024).optional(),
  /** « Je renonce à mon crédit »: the balance, in cents, the person saw and renounces (docs/decisions/0044). */
  forfeitCreditCents: z.number().int().min(0).max(100_000_000).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The name shown wherever a deleted person used to be named (admin lists, reservations). */
export const DELETED_ACCOUNT_NAME = 'Compte supprimé';
/** The buyer as receipts and credit notes of a deleted account name them. */
export const DELETED_BUYER_NAME = 'Client supprimé';

/** How long each kind of data is kept, in words the privacy page prints. */
export type RetentionRule = { what: string; howLong: string };

/** GET /api/legal/privacy — also injected into the first HTML of /privacy-policy. */
export type PrivacyInfoResponse = {
  privacyOfficer: { name: string; email: string };
  retention: RetentionRule[];
  /** Where a person complains if our answer does not satisfy them. */
  authority: { name: string; url: string };
};

/** The file's name for a given day (YYYY-MM-DD, Québec time). */
export const exportFileName = (day: string) => `toque-mes-donnees-${day}.json`;

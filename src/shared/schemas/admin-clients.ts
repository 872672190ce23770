// The admin's customers and members (Tableau de Bord Admin → Clients): the API contract of
// /api/admin/clients and /api/admin/members, and the note form's rules, shared by browser and server.
import { MAX_SEARCH_LENGTH } from '../catalog';
import { z } from '../zod';
import type { OrderStatus } from './checkout';
import type { CreditResponse } from './credit';
import { pagingFields } from './paging';
import type { ReservationCancelReason } from './reservations';
import type { SubscriptionStatus } from './subscription';

export const CLIENTS_PAGE_SIZE = 20;

/** GET /api/admin/clients?q=&limit=&offset= — by name; q: part of the name or e-mail, accents and case ignored. */
export const adminClientsQuery = z
  .object({
    q: z.string().trim().max(MAX_SEARCH_LENGTH, { error: 'La recherche est trop longue (100 caractères au plus).' }).optional(),
    ...pagingFields(CLIENTS_PAGE_SIZE),
  })
  .strict();
export type AdminClientsQuery = z.infer<typeof adminClientsQuery>;

/**
 * A membership as the chef reads it: the provider's status, with « cancelling » for a membership
 * that still runs but ends at its period's end.
 */
export type MembershipState = 'active' | 'trialing' | 'past_due' | 'cancelling' | 'unpaid' | 'incomplete' | 'canceled';

export type AdminClientSummary = {
  id: string;
  name: string;
  email: string;
  /** Two-letter province code, 'XX' outside Canada, null when not given. */
  province: string | null;
  /** When the account was created. */
  since: string;
  role: 'learner' | 'chef' | 'admin';
  paidOrderCount: number;
  /** The membership in progress, if any. */
  membership: MembershipState | null;
};
export type AdminClientsResponse = { clients: AdminClientSummary[]; total: number };

export type AdminClientOrder = {
  id: string;
  number: number;
  status: OrderStatus;
  totalCents: number;
  createdAt: string;
  paidAt: string | null;
  description: string;
  /** The receipt's page and PDF (the admin opens them signed in), null before the payment. */
  receiptUrl: string | null;
  receiptPdfUrl: string | null;
  /** Something is left to refund and no refund is on its way. */
  refundable: boolean;
};

export type AdminClientBooking = {
  id: string;
  sessionId: string;
  courseTitle: string;
  startsAt: string;
  status: 'pending_payment' | 'confirmed' | 'cancelled' | 'expired';
  cancelReason: ReservationCancelReason | null;
  /** The order line that paid for the seat: cancelling the seat refunds it in full (the admin's cancel path). */
  payment: { orderId: string; orderNumber: number; orderLineId: string; leftCents: number } | null;
  /** Confirmed, not begun, paid by a line with money left and no refund on its way. */
  cancellable: boolean;
};

export type AdminClientMembership = {
  id: string;
  status: SubscriptionStatus;
  state: MembershipState;
  createdAt: string;
  currentPeriodEnd: string | null;
  endedAt: string | null;
};

export type AdminClientNote = {
  id: string;
  body: string;
  authorEmail: string;
  createdAt: string;
  editedByEmail: string | null;
  editedAt: string | null;
};

/** GET /api/admin/clients/:userId */
export type AdminClientResponse = {
  client: AdminClientSummary;
  orders: AdminClientOrder[];
  bookings: AdminClientBooking[];
  memberships: AdminClientMembership[];
  favoriteCount: number;
  notes: AdminClientNote[];
  /** « Crédit Toque »: the balance and the latest entries (« Ajouter un crédit »). */
  credit: CreditResponse;
};

export const NOTE_MAX_LENGTH = 2000;

/** POST /api/admin/clients/:userId/notes, PATCH /api/admin/clients/:userId/notes/:noteId */
export const clientNoteSchema = z
  .object({
    body: z
      .string({ error: 'Écrivez la note.' })
      .trim()
      .min(1, { error: 'Écrivez la note.' })
      .max(NOTE_MAX_LENGTH, { error: `La note est trop longue (${NOTE_MAX_LENGTH} caractères au plus).` }),
  })
  .strict();
export type ClientNoteInput = z.input<typeof clientNoteSchema>;
export type AdminClientNoteResponse = { note: AdminClientNote };

/**
 * POST /api/admin/clients/:userId/orders/:orderId/receipt-email — e-mails the receipt's link again.
 * One e-mail per requestKey (one per click: a double click, or a retry, sends nothing more).
 */
export const resendReceiptSchema = z.object({ requestKey: z.string().min(8).max(100) }).strict();
export type ResendReceiptInput = z.input<typeof resendReceiptSchema>;
/** sent false: this requestKey's e-mail had already been sent. */
export type ResendReceiptResponse = { sent: boolean; to: string };

/** GET /api/admin/members */
export type AdminMembersResponse = {
  counts: { active: number; trialing: number; pastDue: number; cancelling: number };
  /**
   * Monthly recurring revenue before tax: a month's worth of every membership that is being paid
   * (active or past due, those ending at their period's end included until they end; a trial pays
   * nothing yet), at its price as sold — an annual plan counts its price / 12.
   */
  mrrCents: number;
  /** The monthly plan's price now. */
  priceCents: number;
  /** The memberships being paid, by plan. */
  paying: { monthly: number; annual: number };
  /** The last 12 months, oldest first (calendar months in the chef's time zone). */
  months: { month: string; started: number; cancelled: number }[];
};

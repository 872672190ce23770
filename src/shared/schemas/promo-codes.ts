// « Codes promo » (decision 0040): the admin's form and list (/api/admin/promo-codes), and what the
// checkout's field « Carte-cadeau ou code promo » answers. Dates are the chef's wall clock
// (America/Toronto), 'YYYY-MM-DDTHH:mm', converted to instants by the server.
import { chefZoneOffset } from '../format';
import { z } from '../zod';
import type { ProductKind } from './checkout';

export const PROMO_KINDS = ['live_class', 'recorded_course', 'membership'] as const satisfies readonly ProductKind[];
export type PromoKind = (typeof PROMO_KINDS)[number];
export const PROMO_KIND_LABELS: Record<PromoKind, string> = {
  live_class: 'les cours en direct',
  recorded_course: 'les cours enregistrés',
  membership: "le premier paiement de l'abonnement",
};
export const PROMO_AUDIENCES = ['all', 'new_customers', 'members'] as const;
export type PromoAudience = (typeof PROMO_AUDIENCES)[number];
export const PROMO_AUDIENCE_LABELS: Record<PromoAudience, string> = {
  all: 'Tout le monde',
  new_customers: 'Nouveaux clients seulement',
  members: 'Membres seulement',
};

/** Codes are not case-sensitive: kept and compared upper-case, spaces around dropped. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A wall-clock time in the chef's zone ('2026-12-01T00:00') as an instant; null if malformed. */
export function chefWallClockToInstant(value: string): Date | null {
  if (!WALL_CLOCK.test(value)) return null;
  const asUtc = new Date(`${value}:00Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  // The offset of the instant itself (twice: a guess, then the offset at the guessed instant).
  const guess = new Date(asUtc.getTime() - chefZoneOffset(asUtc) * 60_000);
  return new Date(asUtc.getTime() - chefZoneOffset(guess) * 60_000);
}

/** An instant as the chef's wall clock ('2026-12-01T00:00'), for the admin's form. */
export function instantToChefWallClock(instant: Date | string): string {
  const d = new Date(instant);
  return new Date(d.getTime() + chefZoneOffset(d) * 60_000).toISOString().slice(0, 16);
}

const optionalLimit = (what: string) =>
  z
    .number({ error: `${what} : un nombre entier.` })
    .int({ error: `${what} : un nombre entier.` })
    .min(1, { error: `${what} : au moins 1.` })
    .max(1_000_000, { error: `${what} : au plus 1 000 000.` })
    .nullable();
const wallClock = z
  .string()
  .regex(WALL_CLOCK, { error: 'Date et heure invalides.' })
  .refine((v) => chefWallClockToInstant(v) !== null, { error: 'Date et heure invalides.' })
  .nullable();

/** POST /api/admin/promo-codes and PUT /api/admin/promo-codes/:id — the whole code each time. */
export const promoCodeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, { error: 'Le code compte au moins 3 caractères.' })
      .max(30, { error: 'Le code compte au plus 30 caractères.' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'Le code : lettres sans accents, chiffres et tirets seulement.' }),
    percentOff: z
      .number({ error: 'Pourcentage : un nombre entier.' })
      .int({ error: 'Pourcentage : un nombre entier.' })
      .min(1, { error: 'Le pourcentage va de 1 à 100.' })
      .max(100, { error: 'Le pourcentage va de 1 à 100.' })
      .nullable(),
    amountOffCents: z
      .number({ error: 'Montant invalide.' })
      .int({ error: 'Montant invalide.' })
      .min(1, { error: 'Le montant doit être positif.' })
      .max(10_000_000, { error: 'Montant trop élevé.' })
      .nullable(),
    /** Empty with no courses: the code applies to everything. */
    kinds: z.array(z.enum(PROMO_KINDS, { error: 'Type de produit inconnu.' })).max(3),
    courseIds: z.array(z.string().uuid({ error: 'Cours invalide.' })).max(100, { error: 'Au plus 100 cours.' }),
    maxUses: optionalLimit('Utilisations au total'),
    maxUsesPerCustomer: optionalLimit('Utilisations par client'),
    startsAt: wallClock,
    endsAt: wallClock,
    audience: z.enum(PROMO_AUDIENCES, { error: 'Choisissez un public dans la liste.' }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.percentOff === null) === (v.amountOffCents === null)) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Choisissez un pourcentage ou un montant de rabais.' });
    }
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'La fin doit suivre le début.' });
    }
  });
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;

export type PromoCodeView = {
  id: string;
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  kinds: ProductKind[];
  courses: { id: string; title: string }[];
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** The chef's wall clock ('2026-12-01T00:00'), as the form takes it. */
  startsAt: string | null;
  endsAt: string | null;
  audience: PromoAudience;
  active: boolean;
  /** Paid orders that used it (refunded ones included), and orders still waiting for their payment. */
  usesPaid: number;
  usesPending: number;
  /** What those paid orders brought, before tax and net of refunds, and what the code took off. */
  revenueCents: number;
  discountCents: number;
  /** One sentence: « − 20 % sur les cours en direct ». */
  summary: string;
  createdAt: string;
};
export type PromoCodeListResponse = { codes: PromoCodeView[] };
export type PromoCodeResponse = { code: PromoCodeView };

/** POST /api/admin/promo-codes/:id/active — deactivate (or reactivate) a code. */
export const promoCodeActiveSchema = z.object({ active: z.boolean() }).strict();

/** « − 20 % sur les cours en direct », « − 10,00 $ sur tout » */
export function promoSummary(
  p: { percentOff: number | null; amountOffCents: number | null; kinds: readonly string[]; courseCount: number },
  formatCents: (cents: number) => string,
): string {
  const off = p.percentOff !== null ? `− ${p.percentOff}\u00a0%` : `− ${formatCents(p.amountOffCents ?? 0)}`;
  const scope = [
    ...p.kinds.map((k) => PROMO_KIND_LABELS[k as PromoKind] ?? k),
    ...(p.courseCount ? [p.courseCount === 1 ? 'un cours choisi' : `${p.courseCount} cours choisis`] : []),
  ];
  return `${off} sur ${scope.length ? scope.join(', ') : 'tout'}`;
}

/** What the checkout says of the code it applied (on the order view). */
export type AppliedCodeView = {
  kind: 'promo';
  code: string;
  percentOff: number | null;
  /** What the code took off this order, before tax. */
  discountCents: number;
  /** « Code NOEL20 appliqué : − 20 % sur les cours en direct » */
  message: string;
};

// What a person gets (DESIGN §7): for a viewer and a product, one answer — included (and why), for
// sale (and at which price), for subscribers only, or not yet deliverable. Every card, page, the
// cart, the checkout, the player and the server's checks ask this function, so the site never shows
// a price for what a person already has, never sells it twice, and never sells what is empty.
import { SUBSCRIPTION_PRICE_CENTS } from './catalog';
import { subscriberDiscountCents } from './booking';
import type { Viewer } from './access';

export type IncludedReason =
  /** No price, not premium: open to everyone. */
  | 'free'
  /** A purchase that still stands (not refunded). */
  | 'purchased'
  /** Part of the active membership. */
  | 'membership'
  /** A confirmed seat of the session (a recording). */
  | 'attended'
  /** The course's own teacher. */
  | 'teaching'
  /** The admin, who runs the site. */
  | 'admin';

export type Entitlement =
  | { status: 'included'; reason: IncludedReason }
  | {
      status: 'for_sale';
      /** What this viewer pays before tax: the list price less the subscribers' discount, if any. */
      priceCents: number;
      listPriceCents: number;
      /** The subscribers' discount taken off (live classes, subscribers only); null when none. */
      discountPercent: number | null;
    }
  | { status: 'subscribers_only'; membershipPriceCents: number }
  /** Nothing to deliver yet: a recorded course without its video, a live course with no session open for booking. */
  | { status: 'coming_soon' };

export type EntitlementStatus = Entitlement['status'];

export type Product =
  | { kind: 'recipe'; isPremium: boolean }
  | {
      kind: 'recorded_course';
      isPremium: boolean;
      priceCents: number;
      teacherId: string | null;
      hasVideo: boolean;
    }
  | {
      kind: 'live_class';
      isPremium: boolean;
      priceCents: number;
      teacherId: string | null;
      /** An upcoming session that is scheduled and not full. */
      hasOpenSession: boolean;
    }
  | { kind: 'recording'; teacherId: string | null };

/** What the viewer already holds of this product. */
export type Holdings = {
  /** A succeeded purchase of the course (a recorded course; a live class is sold seat by seat). */
  purchased?: boolean;
  /** A confirmed seat of the session (recordings). */
  attended?: boolean;
};

export type Pricing = { subscriberDiscountPercent: number };

/** A course as the catalogue and the checkout read it, turned into the product the rules speak of. */
export function courseProduct(course: {
  isLive: boolean;
  isPremium: boolean;
  priceCents: number;
  teacherId: string | null;
  hasVideo: boolean;
  hasOpenSession: boolean;
}): Product {
  return course.isLive
    ? { kind: 'live_class', isPremium: course.isPremium, priceCents: course.priceCents, teacherId: course.teacherId, hasOpenSession: course.hasOpenSession }
    : { kind: 'recorded_course', isPremium: course.isPremium, priceCents: course.priceCents, teacherId: course.teacherId, hasVideo: course.hasVideo };
}

const SUBSCRIBERS_ONLY: Entitlement = { status: 'subscribers_only', membershipPriceCents: SUBSCRIPTION_PRICE_CENTS };
const COMING_SOON: Entitlement = { status: 'coming_soon' };
const included = (reason: IncludedReason): Entitlement => ({ status: 'included', reason });

export function entitlement(viewer: Viewer, product: Product, given: Holdings = {}, pricing: Pricing = { subscriberDiscountPercent: 0 }): Entitlement {
  // A visitor holds nothing, whatever a caller passes.
  const holdings = viewer.userId === null ? {} : given;
  if (viewer.role === 'admin') return included('admin');
  if (product.kind !== 'recipe' && viewer.userId !== null && product.teacherId === viewer.userId) return included('teaching');

  switch (product.kind) {
    case 'recipe':
      if (!product.isPremium) return included('free');
      return viewer.isSubscriber ? included('membership') : SUBSCRIBERS_ONLY;

    case 'recording':
      if (holdings.attended) return included('attended');
      return viewer.isSubscriber ? included('membership') : SUBSCRIBERS_ONLY;

    case 'recorded_course':
      // A buyer keeps what they bought, whatever happens to the offer since.
      if (holdings.purchased) return included('purchased');
      if (!product.hasVideo) return COMING_SOON;
      // The membership promises « tous les cours enregistrés », premium or not.
      if (viewer.isSubscriber) return included('membership');
      if (product.isPremium) return SUBSCRIBERS_ONLY;
      if (product.priceCents === 0) return included('free');
      return { status: 'for_sale', priceCents: product.priceCents, listPriceCents: product.priceCents, discountPercent: null };

    case 'live_class': {
      // A seat per session: a live class is never owned as a whole (a seat already taken is the booking's answer).
      if (!product.hasOpenSession) return COMING_SOON;
      if (product.isPremium && !viewer.isSubscriber) return SUBSCRIBERS_ONLY;
      const percent = viewer.isSubscriber ? pricing.subscriberDiscountPercent : 0;
      const discount = subscriberDiscountCents(product.priceCents, percent);
      return {
        status: 'for_sale',
        priceCents: product.priceCents - discount,
        listPriceCents: product.priceCents,
        discountPercent: discount > 0 ? percent : null,
      };
    }
  }
}

/**
 * The same product as if it could be delivered now (its video uploaded, a session open): whether the
 * viewer would need a membership for it, apart from whether it is ready to sell.
 */
export function onceDeliverable(product: Product): Product {
  if (product.kind === 'recorded_course') return { ...product, hasVideo: true };
  if (product.kind === 'live_class') return { ...product, hasOpenSession: true };
  return product;
}

/** Whether the viewer may open the product's content now (read the recipe, play the video). */
export const isIncluded = (e: Entitlement): e is Extract<Entitlement, { status: 'included' }> => e.status === 'included';

/** What a person reads in place of a price, for what they already have. */
export const INCLUDED_LABELS: Record<IncludedReason, string> = {
  free: 'Gratuit',
  purchased: 'Acheté',
  membership: 'Inclus dans votre abonnement',
  attended: 'Vous y avez participé',
  teaching: 'Vous donnez ce cours',
  admin: 'Accès administrateur',
};

export const COMING_SOON_LABEL = 'Bientôt disponible';
export const SUBSCRIBERS_ONLY_LABEL = 'Réservé aux abonnés';

/** Why the checkout refuses a course, in French, or null when it may be sold to this viewer. */
export function notForSaleMessage(e: Entitlement, title: string): string | null {
  switch (e.status) {
    case 'for_sale':
      return null;
    case 'coming_soon':
      return `Le cours « ${title} » n'est pas encore en vente : il sera bientôt disponible.`;
    case 'subscribers_only':
      return `Le cours « ${title} » est réservé aux abonnés : abonnez-vous pour y accéder.`;
    case 'included':
      if (e.reason === 'purchased') return `Vous avez déjà acheté le cours « ${title} ».`;
      if (e.reason === 'membership') return `Le cours « ${title} » est déjà inclus dans votre abonnement.`;
      if (e.reason === 'free') return `Le cours « ${title} » est gratuit : il est ouvert à tous, sans achat.`;
      return `Le cours « ${title} » vous est déjà ouvert : rien à payer.`;
  }
}

/** Why a published course is not for sale to anyone yet (told to the admin), or null when it is. */
export type SaleBlocker = 'no_video' | 'no_open_session';

export function saleBlocker(course: { isLive: boolean; hasVideo: boolean; hasOpenSession: boolean }): SaleBlocker | null {
  if (course.isLive) return course.hasOpenSession ? null : 'no_open_session';
  return course.hasVideo ? null : 'no_video';
}

export const SALE_BLOCKER_LABELS: Record<SaleBlocker, string> = {
  no_video: 'Pas encore en vente : aucune vidéo',
  no_open_session: 'Pas encore en vente : aucune séance à venir ouverte à la réservation',
};

// What each event tells the person in /notifications: French title and text, the page it opens
// and its dedupe key. Each function is called from the transaction that makes the event happen
// (the module that already publishes its realtime event there), so a notice exists only if the
// change committed, and a replayed webhook or a repeated request adds nothing.
import { ACCESS_STATUSES } from '@shared/access';
import { CHEF_TIME_ZONE, formatLongDate, formatPrice, formatSessionDateTime } from '@shared/format';
import { refundChoicePath } from '../booking/attendee-mail';
import { notify, type NotifyInput } from './notify';
import type { Conn } from './repository';
import { confirmedSeats, reservationSubject, type ReservationSubject } from './subjects';

/** The pages the notices open (src/client/app/router.tsx). */
const CALENDAR = '/calendrier';
const PURCHASES = '/mes-achats';
const MEMBER_DASHBOARD = '/abonne/tableau-de-bord';
const MEMBERSHIP_OFFER = '/abonnement';

const when = (startsAt: Date) => formatSessionDateTime(startsAt, CHEF_TIME_ZONE);
const day = (d: Date | null) => formatLongDate(d, CHEF_TIME_ZONE);
const send = (conn: Conn, input: NotifyInput) => notify(conn, input).then(() => undefined);

export function notifyBookingConfirmed(
  conn: Conn,
  s: { userId: string; reservationId: string; courseTitle: string; startsAt: Date; at: Date },
): Promise<void> {
  return send(conn, {
    userId: s.userId,
    kind: 'booking.confirmed',
    title: 'Réservation confirmée',
    body: `Votre place au cours « ${s.courseTitle} » du ${when(s.startsAt)} est confirmée. Le lien vidéo sera dans votre calendrier.`,
    link: CALENDAR,
    dedupeKey: `booking.confirmed:${s.reservationId}`,
    at: s.at,
  });
}

/** Every confirmed seat of the session; a new link (changed by the admin) is a new notice. */
export async function notifyVideoLink(conn: Conn, s: { sessionId: string; videoLink: string; version: number; at: Date }): Promise<void> {
  const version = `v${s.version}`;
  for (const seat of await confirmedSeats(conn, s.sessionId)) {
    await send(conn, {
      userId: seat.userId,
      kind: 'session.video_link',
      title: 'Lien vidéo disponible',
      body: `Le lien pour rejoindre le cours « ${seat.courseTitle} » du ${when(seat.startsAt)} est dans votre calendrier.`,
      link: CALENDAR,
      dedupeKey: `session.video_link:${seat.reservationId}:${version}`,
      at: s.at,
    });
  }
}

/** Every confirmed seat of a session the chef moved; each move (its SEQUENCE) is news once. */
export async function notifySessionMoved(conn: Conn, s: { sessionId: string; previousStartsAt: Date; sequence: number; at: Date }): Promise<void> {
  for (const seat of await confirmedSeats(conn, s.sessionId)) {
    await send(conn, {
      userId: seat.userId,
      kind: 'session.moved',
      title: 'Cours déplacé',
      body: `Le cours « ${seat.courseTitle} » aura lieu le ${when(seat.startsAt)} au lieu du ${when(s.previousStartsAt)}. Vous pouvez annuler avec un remboursement complet jusqu’au début du cours.`,
      link: CALENDAR,
      dedupeKey: `session.moved:${seat.reservationId}:${s.sequence}`,
      at: s.at,
    });
  }
}

/** Once per seat: a replaced recording is the same news. */
export async function notifyRecording(conn: Conn, s: { sessionId: string; at: Date }): Promise<void> {
  for (const seat of await confirmedSeats(conn, s.sessionId)) {
    await send(conn, {
      userId: seat.userId,
      kind: 'session.recording',
      title: 'Enregistrement disponible',
      body: `L'enregistrement du cours « ${seat.courseTitle} » du ${when(seat.startsAt)} est prêt à regarder.`,
      link: `/enregistrements/${seat.sessionId}`,
      dedupeKey: `session.recording:${seat.reservationId}`,
      at: s.at,
    });
  }
}

/**
 * A confirmed seat cancelled: by the learner ('learner', refunded or not), with the whole session
 * ('session', with the admin's reason), or by the admin's full refund of it ('admin').
 */
export type CancelledBy =
  | { by: 'learner'; refunded: boolean }
  /** choiceDueAt: the learner chooses card or credit until then (docs/decisions/0043). */
  | { by: 'session'; reason: string; paid: boolean; choiceDueAt?: Date }
  | { by: 'admin' };

export async function notifyReservationCancelled(conn: Conn, s: { reservationId: string; at: Date } & CancelledBy): Promise<void> {
  const seat = await reservationSubject(conn, s.reservationId);
  if (!seat) return;
  await send(conn, {
    userId: seat.userId,
    kind: 'reservation.cancelled',
    title: s.by === 'session' ? 'Cours annulé' : 'Réservation annulée',
    body: cancelledBody(seat, s),
    link: s.by === 'learner' && !s.refunded ? CALENDAR : s.by === 'session' && s.choiceDueAt ? refundChoicePath(s.reservationId) : PURCHASES,
    dedupeKey: `reservation.cancelled:${s.reservationId}`,
    at: s.at,
  });
}

function cancelledBody(seat: ReservationSubject, s: CancelledBy): string {
  const course = `le cours « ${seat.courseTitle} » du ${when(seat.startsAt)}`;
  if (s.by === 'learner') {
    return s.refunded
      ? `Vous avez annulé votre place pour ${course}. Votre remboursement est en cours.`
      : `Vous avez annulé votre place pour ${course}, sans remboursement.`;
  }
  if (s.by === 'session') {
    const refund = s.choiceDueAt
      ? ` Votre place vous est remboursée en entier : choisissez votre carte ou un crédit Toque d'ici le ${when(s.choiceDueAt)} (sinon, sur votre carte).`
      : s.paid
        ? ' Votre place vous est remboursée en entier.'
        : '';
    return `Nous avons dû annuler ${course} (raison : ${s.reason}).${refund}`;
  }
  return `Votre place pour ${course} a été annulée et remboursée en entier.`;
}

/** The provider confirmed a refund: the money is on its way back. */
export function notifyRefundIssued(conn: Conn, s: { userId: string; refundId: string; totalCents: number; at: Date }): Promise<void> {
  return send(conn, {
    userId: s.userId,
    kind: 'refund.issued',
    title: 'Remboursement effectué',
    body: `Nous vous avons remboursé ${formatPrice(s.totalCents)}. Le montant paraîtra sur votre relevé selon les délais de votre banque. La note de crédit est dans Mes achats.`,
    link: PURCHASES,
    dedupeKey: `refund.issued:${s.refundId}`,
    at: s.at,
  });
}

type SubscriptionState = { id: string; userId: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null };
const hasAccess = (status: string) => (ACCESS_STATUSES as readonly string[]).includes(status);

/**
 * The membership's status or scheduled end changed (the provider's state written over ours):
 * started, cancellation scheduled (with the date access ends), or ended.
 */
export async function notifySubscriptionChange(conn: Conn, s: { before: SubscriptionState | null; after: SubscriptionState; at: Date }): Promise<void> {
  const { before, after } = s;
  const base = { userId: after.userId, at: s.at };
  if (hasAccess(after.status) && !(before && hasAccess(before.status))) {
    await send(conn, {
      ...base,
      kind: 'subscription.started',
      title: 'Abonnement activé',
      body: 'Bienvenue parmi les abonnés de Toque ! Les cours enregistrés et les recettes premium sont à vous.',
      link: MEMBER_DASHBOARD,
      dedupeKey: `subscription.started:${after.id}`,
    });
  }
  if (after.status === 'canceled' && before?.status !== 'canceled') {
    await send(conn, {
      ...base,
      kind: 'subscription.cancelled',
      title: 'Abonnement terminé',
      body: 'Votre abonnement a pris fin. Vous pouvez vous réabonner en tout temps.',
      link: MEMBERSHIP_OFFER,
      dedupeKey: `subscription.cancelled:${after.id}`,
    });
  } else if (after.cancelAtPeriodEnd && !before?.cancelAtPeriodEnd && hasAccess(after.status)) {
    // Scheduled again after a resume: the period end tells the two apart (the same period: one notice).
    await send(conn, {
      ...base,
      kind: 'subscription.cancelled',
      title: 'Abonnement annulé',
      body: `Votre abonnement ne sera pas renouvelé. Vous gardez l'accès jusqu'au ${day(after.currentPeriodEnd)}.`,
      link: MEMBER_DASHBOARD,
      dedupeKey: `subscription.cancel_scheduled:${after.id}:${after.currentPeriodEnd?.toISOString() ?? 'none'}`,
    });
  }
}

export function notifySubscriptionRenewed(conn: Conn, s: { userId: string; invoiceId: string; totalCents: number; periodEnd: Date | null; at: Date }): Promise<void> {
  return send(conn, {
    userId: s.userId,
    kind: 'subscription.renewed',
    title: 'Abonnement renouvelé',
    body: `Votre abonnement est renouvelé (${formatPrice(s.totalCents)}) jusqu'au ${day(s.periodEnd)}. Le reçu est dans Mes achats.`,
    link: PURCHASES,
    dedupeKey: `subscription.renewed:${s.invoiceId}`,
    at: s.at,
  });
}

/** A renewal's payment failed: once per invoice and attempt. */
export function notifySubscriptionPaymentFailed(
  conn: Conn,
  s: { userId: string; invoiceId: string; attempt: string; nextAttemptAt: Date | null; accessUntil: Date | null; at: Date },
): Promise<void> {
  const next = s.nextAttemptAt ? ` Nous réessaierons le ${day(s.nextAttemptAt)}.` : '';
  const access = s.accessUntil ? ` Votre accès reste ouvert jusqu'au ${day(s.accessUntil)}.` : ' Votre accès aux contenus des abonnés est suspendu.';
  return send(conn, {
    userId: s.userId,
    kind: 'subscription.payment_failed',
    title: 'Paiement de l’abonnement refusé',
    body: `Le paiement du renouvellement de votre abonnement a échoué.${next}${access} Vérifiez votre moyen de paiement.`,
    link: MEMBER_DASHBOARD,
    dedupeKey: `subscription.payment_failed:${s.invoiceId}:${s.attempt}`,
    at: s.at,
  });
}

/** « Écrire aux participants »: once per message and attendee, however often the form is sent. */
export function notifySessionMessage(
  conn: Conn,
  s: { userId: string; messageId: string; reservationId: string; courseTitle: string; startsAt: Date; subject: string; at: Date },
): Promise<void> {
  return send(conn, {
    userId: s.userId,
    kind: 'session.message',
    title: `Message de la cheffe : ${s.subject}`,
    body: `À propos du cours « ${s.courseTitle} » du ${when(s.startsAt)}. Le message complet vous a été envoyé par courriel.`,
    link: CALENDAR,
    dedupeKey: `session.message:${s.messageId}:${s.reservationId}`,
    at: s.at,
  });
}

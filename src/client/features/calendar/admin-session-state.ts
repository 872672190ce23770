// What the admin can do to a whole session from 'Détails du cours', as the server decides it:
// cancel it before it starts, attach its recording once it is over (409 SESSION_NOT_OVER before),
// nothing while it runs; a cancelled session takes neither.
import type { AdminSessionView, ReservationView } from '@shared/schemas/reservations';

export type AdminSessionState =
  | { kind: 'upcoming' }
  | { kind: 'running' }
  | { kind: 'over'; recordingUrl: string | null }
  | { kind: 'cancelled'; reason: string | null };

/** `session` (the admin's own read, when loaded) wins over the reservation's copy of the session. */
export function adminSessionState(r: ReservationView, session: AdminSessionView | undefined, now: Date): AdminSessionState {
  if ((session?.status ?? r.sessionStatus) === 'cancelled') return { kind: 'cancelled', reason: session?.cancelReason ?? null };
  if (Date.parse(session?.startsAt ?? r.startsAt) > now.getTime()) return { kind: 'upcoming' };
  if (Date.parse(session?.endsAt ?? r.endsAt) > now.getTime()) return { kind: 'running' };
  return { kind: 'over', recordingUrl: session ? session.recordingUrl : r.recordingUrl };
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** The cancellation toast: '2 participants remboursés.', and the unpaid holds released if any (none paid: the demo's seats). */
export function cancelledSummary(refunded: number, released: number, awaitingChoice = 0): string {
  // After the chef's cancellation, paid attendees choose card or credit (docs/decisions/0043).
  const people =
    awaitingChoice > 0
      ? `${plural(awaitingChoice, 'participant choisira', 'participants choisiront')} entre un remboursement sur ${awaitingChoice > 1 ? 'leur' : 'sa'} carte et un crédit Toque`
      : refunded === 0
        ? 'Aucun participant à rembourser'
        : plural(refunded, 'participant remboursé', 'participants remboursés');
  return released > 0 ? `${people}, ${plural(released, 'place retenue libérée', 'places retenues libérées')}.` : `${people}.`;
}

/** '4 places occupées sur 10.' in the confirmation. */
export function seatsSummary(taken: number, capacity: number): string {
  return taken === 0 ? 'Aucune place occupée.' : `${plural(taken, 'place occupée', 'places occupées')} sur ${capacity}.`;
}

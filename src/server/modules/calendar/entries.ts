// What each calendar event says, in French, for the feeds and the .ics downloads. A learner's
// events come from their ReservationView, so the join link shows exactly where the calendar page
// shows it (reservation-view.ts decides); the admin's feed has one event per session taught.
import { sessionMinutes } from '@shared/booking';
import type { ReservationView } from '@shared/schemas/reservations';
import type { CalendarEntry } from '../../integrations/calendar/ical';
import type { ReservationRow } from '../booking/reservation-rows';

export const FEED_NAME = 'Toque — Mes cours';

/** Where the people of a feed find their classes: the site's own calendar page. */
export type Site = { publicUrl: string; host: string };

export function siteOf(publicUrl: string): Site {
  return { publicUrl, host: new URL(publicUrl).host };
}

const pageUrl = (site: Site) => `${site.publicUrl}/calendrier`;

/** The reservation's state as a calendar app understands it. */
export function entryStatus(view: ReservationView, now: Date): CalendarEntry['status'] {
  if (view.status === 'confirmed' && view.sessionStatus === 'scheduled') return 'confirmed';
  if (view.status === 'pending_payment' && view.holdExpiresAt && Date.parse(view.holdExpiresAt) > now.getTime()) return 'tentative';
  return 'cancelled';
}

export function reservationEntry(view: ReservationView, site: Site, now: Date): CalendarEntry {
  const status = entryStatus(view, now);
  const lines = ['Cours de cuisine en direct avec Toque.'];
  if (status === 'cancelled') lines.push('Cette réservation a été annulée.');
  else if (status === 'tentative') lines.push('Place retenue en attente de paiement.');
  else if (view.videoLink) lines.push(`Rejoindre le cours en direct : ${view.videoLink}`);
  else lines.push('Le lien de la visioconférence apparaîtra ici dès que la cheffe l’aura ajouté.');
  lines.push(`Détails : ${pageUrl(site)}`);
  const link = status === 'confirmed' ? view.videoLink : null;
  return {
    uid: `${view.id}@${site.host}`,
    title: status === 'cancelled' ? `Annulé : ${view.courseTitle}` : view.courseTitle,
    start: new Date(view.startsAt),
    end: new Date(view.endsAt),
    status,
    description: lines.join('\n'),
    url: link ?? pageUrl(site),
    location: link,
    sequence: view.sequence,
  };
}

/**
 * The admin's feed: one event per session with confirmed attendees (their number in the title),
 * and a session the admin cancelled, as cancelled, so subscribed calendars drop it.
 */
export function sessionEntries(rows: ReservationRow[], site: Site): CalendarEntry[] {
  const bySession = new Map<string, ReservationRow[]>();
  for (const row of rows) bySession.set(row.sessionId, [...(bySession.get(row.sessionId) ?? []), row]);
  const entries: CalendarEntry[] = [];
  for (const [sessionId, group] of bySession) {
    const first = group[0]!;
    // People, seat by seat: a booking brings its guests (docs/decisions/0047).
    const attendees = group.filter((r) => r.status === 'confirmed').reduce((sum, r) => sum + r.seats, 0);
    const cancelled = first.sessionStatus === 'cancelled';
    const hadAttendees = attendees > 0 || group.some((r) => r.cancelReason === 'session_cancelled');
    if (cancelled ? !hadAttendees : attendees === 0) continue;
    const start = first.startsAt;
    const lines = cancelled
      ? ['Séance annulée : les participants ont été remboursés et prévenus.']
      : [
          `Séance en direct : ${attendees} participant${attendees > 1 ? 's' : ''} inscrit${attendees > 1 ? 's' : ''}.`,
          first.videoLink
            ? `Lien de la visioconférence : ${first.videoLink}`
            : 'Aucun lien de visioconférence pour l’instant : ajoutez-le depuis Mon Calendrier.',
        ];
    lines.push(`Détails : ${pageUrl(site)}`);
    const link = cancelled ? null : first.videoLink;
    entries.push({
      uid: `session-${sessionId}@${site.host}`,
      title: cancelled ? `Annulé : ${first.courseTitle}` : `${first.courseTitle} (${attendees} participant${attendees > 1 ? 's' : ''})`,
      start,
      end: new Date(start.getTime() + sessionMinutes({ durationMinutes: first.sessionMinutes }, { durationMinutes: first.courseMinutes }) * 60_000),
      status: cancelled ? 'cancelled' : 'confirmed',
      description: lines.join('\n'),
      url: link ?? pageUrl(site),
      location: link,
      sequence: first.sequence,
    });
  }
  return entries;
}

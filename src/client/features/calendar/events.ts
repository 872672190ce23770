// The calendar's events from the reservations. A learner's are titled with the course; the admin's
// 'course title (client name)'. In the week and day views the admin's reservations of one session
// make one event ('title (8 participants)'): eight side-by-side slivers at one hour could not be
// read or clicked.
import type { ReservationView } from '@shared/schemas/reservations';
import type { CalendarView } from './calendar-setup';

export type CalendarEvent = {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: false;
  /** The reservation the dialog opens on (a confirmed one first, in a session's group). */
  resource: ReservationView;
  /** Every reservation the event stands for: one, or a whole session's for the admin. */
  group: ReservationView[];
};

export function eventTitle(reservation: ReservationView, isAdmin: boolean): string {
  return isAdmin ? `${reservation.courseTitle} (${reservation.clientName})` : reservation.courseTitle;
}

const toEvent = (group: ReservationView[], title: string): CalendarEvent => {
  const first = group.find((r) => r.status === 'confirmed') ?? group[0]!;
  return { id: group.length > 1 ? first.sessionId : first.id, title, start: new Date(first.startsAt), end: new Date(first.endsAt), allDay: false, resource: first, group };
};

export function toEvents(reservations: ReservationView[], isAdmin: boolean, view: CalendarView): CalendarEvent[] {
  if (!isAdmin || view === 'month' || view === 'agenda') return reservations.map((r) => toEvent([r], eventTitle(r, isAdmin)));
  const sessions = new Map<string, ReservationView[]>();
  for (const r of reservations) sessions.set(r.sessionId, [...(sessions.get(r.sessionId) ?? []), r]);
  return [...sessions.values()].map((group) =>
    group.length === 1 ? toEvent(group, eventTitle(group[0]!, true)) : toEvent(group, `${group[0]!.courseTitle} (${group.length} participants)`),
  );
}

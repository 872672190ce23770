// The calendar's events. A learner's are their reservations, titled with the course. The admin's
// and the guest chef's are sessions, one event each whatever the view, titled with the seats taken
// against the capacity (« Cabane à sucre · 8 / 10 ») — never one event per seat, which made the
// month read « Cabane à sucre (Léa Morin) +7 de plus ». The admin's open 'Détails du cours' (with
// the way to the roster); the guest chef's open his roster.
import type { CalendarSessionView, ReservationView } from '@shared/schemas/reservations';
import type { CalendarView } from './calendar-setup';

export type CalendarEvent = {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: false;
  /** The reservation the dialog opens on (a confirmed one first, in a session's group); null for a session with none shown. */
  resource: ReservationView | null;
  /** Every reservation the event stands for: one, or a whole session's for the admin. */
  group: ReservationView[];
  /** The session the event stands for (the admin's and the guest chef's), else null. */
  session: CalendarSessionView | null;
};

export type CalendarRole = 'learner' | 'chef' | 'admin';

/** « Cabane à sucre · 8 / 10 » */
export const sessionTitle = (s: Pick<CalendarSessionView, 'courseTitle' | 'seatsTaken' | 'capacity'>) => `${s.courseTitle} · ${s.seatsTaken} / ${s.capacity}`;

const reservationEvent = (r: ReservationView): CalendarEvent => ({
  id: r.id,
  title: r.courseTitle,
  start: new Date(r.startsAt),
  end: new Date(r.endsAt),
  allDay: false,
  resource: r,
  group: [r],
  session: null,
});

const sessionEvent = (s: CalendarSessionView, group: ReservationView[]): CalendarEvent => ({
  id: `session-${s.id}`,
  title: sessionTitle(s),
  start: new Date(s.startsAt),
  end: new Date(s.endsAt),
  allDay: false,
  resource: group.find((r) => r.status === 'confirmed') ?? group[0] ?? null,
  group,
  session: s,
});

// The view no longer changes the events (kept in the signature: the calendar passes it).
export function toEvents(reservations: ReservationView[], sessions: CalendarSessionView[], role: CalendarRole, _view?: CalendarView): CalendarEvent[] {
  if (role === 'learner') return reservations.map(reservationEvent);
  const bySession = new Map<string, ReservationView[]>();
  for (const r of reservations) bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r]);
  const events = sessions.map((s) => sessionEvent(s, bySession.get(s.id) ?? []));
  if (role === 'admin') return events;
  // The guest chef: his sessions, and any class he booked himself as a learner.
  const taught = new Set(sessions.map((s) => s.id));
  return [...events, ...reservations.filter((r) => !taught.has(r.sessionId)).map(reservationEvent)];
}

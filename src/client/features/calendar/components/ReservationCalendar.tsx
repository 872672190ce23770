// The reservations in react-big-calendar (spec §9: French, weeks from Monday, 70vh high, a slot
// every 30 minutes in 2 per hour, 30 days of agenda, the current-time line, long press 250 ms).
// A learner's events are titled with the course; the admin's 'course title (client name)'. In the
// week and day views the admin's reservations of one session make one event ('title (8
// participants)'): eight side-by-side slivers at the same hour could not be read or clicked.
import { Children, cloneElement, isValidElement, useMemo, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Calendar, type EventPropGetter, type EventProps, type EventWrapperProps } from 'react-big-calendar';
import type { ReservationView } from '@shared/schemas/reservations';
import {
  AGENDA_DAYS,
  CULTURE,
  formatsFor,
  localizer,
  MESSAGES,
  STEP_MINUTES,
  TIMESLOTS,
  VIEWS,
  visibleRange,
  type CalendarView,
} from '../calendar-setup';
import { useMediaQuery } from '@client/lib/use-media-query';
import { PHONE } from '../phone';
import { CalendarToolbar } from './CalendarToolbar';

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

const eventProps: EventPropGetter<CalendarEvent> = (event) => ({
  className: event.group.some((r) => r.status === 'confirmed') ? 'toque-event toque-event--confirmed' : 'toque-event toque-event--pending',
});

/**
 * Reached by keyboard in every view: the week and day views' events are already buttons; the
 * month's are made so here, and the agenda's title is a button (its cell takes the click).
 */
function MonthEventWrapper({ children, ...props }: EventWrapperProps<CalendarEvent> & { type?: 'date' | 'time'; children?: ReactNode }) {
  const child = Children.only(children);
  if (props.type !== 'date' || !isValidElement(child)) return <>{children}</>;
  return cloneElement(child as ReactElement<{ role?: string; tabIndex?: number }>, { role: 'button', tabIndex: 0 });
}

function AgendaEvent({ title }: EventProps<CalendarEvent>) {
  return (
    <button type="button" className="toque-agenda-event">
      {title}
    </button>
  );
}

const COMPONENTS = { toolbar: CalendarToolbar, eventWrapper: MonthEventWrapper, agenda: { event: AgendaEvent } };

/** The week and day views open on the earliest class of the range shown (an hour before), else at 9 h. */
function scrollTime(events: CalendarEvent[], range: { from: Date; to: Date }): Date {
  const hours = events.filter((e) => e.end > range.from && e.start < range.to).map((e) => e.start.getHours());
  const hour = hours.length ? Math.max(0, Math.min(...hours) - 1) : 9;
  return new Date(1970, 0, 1, hour, 0, 0);
}

type ReservationCalendarProps = {
  reservations: ReservationView[];
  isAdmin: boolean;
  date: Date;
  view: CalendarView;
  onNavigate: (date: Date) => void;
  onView: (view: CalendarView) => void;
  onSelect: (reservation: ReservationView, group: ReservationView[]) => void;
};

export function ReservationCalendar({ reservations, isAdmin, date, view, onNavigate, onView, onSelect }: ReservationCalendarProps) {
  const events = useMemo(() => toEvents(reservations, isAdmin, view), [reservations, isAdmin, view]);
  const phone = useMediaQuery(PHONE);
  const formats = useMemo(() => formatsFor(phone), [phone]);
  const scrollToTime = useMemo(() => scrollTime(events, visibleRange(date, view)), [events, date, view]);
  return (
    <Calendar<CalendarEvent>
      localizer={localizer}
      culture={CULTURE}
      events={events}
      date={date}
      view={view}
      views={[...VIEWS]}
      onNavigate={(d) => onNavigate(d)}
      onView={(v) => onView(v as CalendarView)}
      onSelectEvent={(event) => onSelect(event.resource, event.group)}
      onKeyPressEvent={(event, e) => {
        const key = (e as unknown as KeyboardEvent).key;
        if (key !== 'Enter' && key !== ' ') return;
        e.preventDefault();
        onSelect(event.resource, event.group);
      }}
      messages={MESSAGES}
      formats={formats}
      components={COMPONENTS}
      eventPropGetter={eventProps}
      step={STEP_MINUTES}
      timeslots={TIMESLOTS}
      length={AGENDA_DAYS}
      scrollToTime={scrollToTime}
      longPressThreshold={250}
      popup
      className="toque-calendar"
      style={{ height: '70vh', minHeight: '28rem' }}
    />
  );
}

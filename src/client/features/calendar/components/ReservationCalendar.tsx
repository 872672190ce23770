// The reservations in react-big-calendar (spec §9: French, weeks from Monday, 70vh high, a slot
// every 30 minutes in 2 per hour, 30 days of agenda, the current-time line, long press 250 ms).
import { Children, cloneElement, isValidElement, useEffect, useMemo, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Calendar, type EventPropGetter, type EventProps, type EventWrapperProps } from 'react-big-calendar';
import type { CalendarSessionView, ReservationView } from '@shared/schemas/reservations';
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
import { toEvents, type CalendarEvent, type CalendarRole } from '../events';
import { PHONE } from '../phone';
import { CalendarToolbar } from './CalendarToolbar';

const eventProps: EventPropGetter<CalendarEvent> = (event) => ({
  className:
    event.session !== null || event.group.some((r) => r.status === 'confirmed') ? 'toque-event toque-event--confirmed' : 'toque-event toque-event--pending',
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

/**
 * react-big-calendar marks its month grid up as an ARIA table, but puts the events and its '+n de
 * plus' buttons straight in the rows, outside any cell: assistive tech is told a broken table
 * (axe: aria-required-children). The grid is a visual layout, so it is read as plain content:
 * its roles are taken off as the month renders (rows mount as months change, hence the observer).
 */
function usePlainMonthGrid() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const strip = () =>
      root.querySelectorAll('.rbc-month-view[role], .rbc-month-view [role]:not(.rbc-event), .rbc-month-view [aria-sort]').forEach((el) => {
        el.removeAttribute('role');
        el.removeAttribute('aria-sort');
      });
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
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
  /** The admin's and the guest chef's events are these sessions. */
  sessions: CalendarSessionView[];
  role: CalendarRole;
  date: Date;
  view: CalendarView;
  onNavigate: (date: Date) => void;
  onView: (view: CalendarView) => void;
  onSelect: (event: CalendarEvent) => void;
};

export function ReservationCalendar({ reservations, sessions, role, date, view, onNavigate, onView, onSelect }: ReservationCalendarProps) {
  const events = useMemo(() => toEvents(reservations, sessions, role, view), [reservations, sessions, role, view]);
  const phone = useMediaQuery(PHONE);
  const formats = useMemo(() => formatsFor(phone), [phone]);
  const scrollToTime = useMemo(() => scrollTime(events, visibleRange(date, view)), [events, date, view]);
  const grid = usePlainMonthGrid();
  return (
    <div ref={grid}>
      <Calendar<CalendarEvent>
        localizer={localizer}
        culture={CULTURE}
        events={events}
        date={date}
        view={view}
        views={[...VIEWS]}
        onNavigate={(d) => onNavigate(d)}
        onView={(v) => onView(v as CalendarView)}
        onSelectEvent={(event) => onSelect(event)}
        onKeyPressEvent={(event, e) => {
          const key = (e as unknown as KeyboardEvent).key;
          if (key !== 'Enter' && key !== ' ') return;
          e.preventDefault();
          onSelect(event);
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
    </div>
  );
}

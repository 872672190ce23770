// react-big-calendar set up in French (spec §9): date-fns with the fr-CA locale but weeks starting
// on Monday (date-fns' fr-CA starts them on Sunday, as English Canada does), Québec times
// ('18 h 30'), the toolbar's and views' words, and the range of dates each view shows.
import { addDays, endOfMonth, endOfWeek, format, getDay, parse, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { frCA } from 'date-fns/locale/fr-CA';
import { dateFnsLocalizer, type DateRange, type Formats, type Messages, type View } from 'react-big-calendar';

export const CULTURE = 'fr-CA';
const locale = { ...frCA, options: { ...frCA.options, weekStartsOn: 1 as const } };

export const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { locale }),
  getDay,
  locales: { [CULTURE]: locale },
});

export const VIEWS = ['month', 'week', 'day', 'agenda'] as const satisfies View[];
export type CalendarView = (typeof VIEWS)[number];

/** Spec §9: the agenda shows 30 days; the week and day views a slot every 30 minutes, 2 per hour. */
export const AGENDA_DAYS = 30;
export const STEP_MINUTES = 30;
export const TIMESLOTS = 2;

export const VIEW_LABELS: Record<CalendarView, string> = { month: 'Mois', week: 'Semaine', day: 'Jour', agenda: 'Agenda' };

export const MESSAGES: Messages = {
  date: 'Date',
  time: 'Heure',
  event: 'Cours',
  allDay: 'Journée',
  week: 'Semaine',
  work_week: 'Semaine de travail',
  day: 'Jour',
  month: 'Mois',
  previous: 'Précédent',
  next: 'Suivant',
  yesterday: 'Hier',
  tomorrow: 'Demain',
  today: "Aujourd'hui",
  agenda: 'Agenda',
  noEventsInRange: 'Aucun cours dans cette période.',
  showMore: (count) => `+${count} de plus`,
};

const f = (date: Date, pattern: string) => format(date, pattern, { locale });
/** '18 h 30', '9 h 00' — kept on one line (non-breaking spaces). */
const time = (date: Date) => f(date, "H'\u00a0h\u00a0'mm");
const span = ({ start, end }: DateRange, left: string, right: string) => `${f(start, left)} – ${f(end, right)}`;

const FORMATS: Formats = {
  dateFormat: 'd',
  dayFormat: (d) => f(d, 'EEE d'),
  weekdayFormat: (d) => f(d, 'EEE'),
  timeGutterFormat: (d) => f(d, "H 'h'"),
  monthHeaderFormat: (d) => f(d, 'MMMM yyyy'),
  dayHeaderFormat: (d) => f(d, 'EEEE d MMMM yyyy'),
  dayRangeHeaderFormat: (r) => span(r, 'd MMM', 'd MMM yyyy'),
  agendaHeaderFormat: (r) => span(r, 'd MMM', 'd MMM yyyy'),
  agendaDateFormat: (d) => f(d, 'EEE d MMM'),
  agendaTimeFormat: time,
  agendaTimeRangeFormat: ({ start, end }) => `${time(start)} – ${time(end)}`,
  eventTimeRangeFormat: ({ start, end }) => `${time(start)} – ${time(end)}`,
  eventTimeRangeStartFormat: ({ start }) => `${time(start)} – `,
  eventTimeRangeEndFormat: ({ end }) => ` – ${time(end)}`,
  selectRangeFormat: ({ start, end }) => `${time(start)} – ${time(end)}`,
};

/** Phones: the week's day headers in two letters ('me 25'), seven columns of 45 px. */
export function formatsFor(phone: boolean): Formats {
  return phone ? { ...FORMATS, dayFormat: (d) => f(d, 'EEEEEE d') } : FORMATS;
}

/** The dates a view shows around `date`, [from, to): what to ask the server for. */
export function visibleRange(date: Date, view: CalendarView): { from: Date; to: Date } {
  switch (view) {
    case 'month':
      return { from: startOfWeek(startOfMonth(date), { locale }), to: addDays(startOfDay(endOfWeek(endOfMonth(date), { locale })), 1) };
    case 'week': {
      const from = startOfWeek(date, { locale });
      return { from, to: addDays(from, 7) };
    }
    case 'day':
      return { from: startOfDay(date), to: addDays(startOfDay(date), 1) };
    case 'agenda':
      return { from: startOfDay(date), to: addDays(startOfDay(date), AGENDA_DAYS) };
  }
}

// When a notification came, as people say it: 'à l'instant', 'il y a 5 minutes', 'hier', then the
// long date ('22 novembre 2026') after a week. The full date and time stay in the <time> title.
import { CHEF_TIME_ZONE, formatLongDate, formatSessionDateTime } from '@shared/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('fr-CA', { numeric: 'auto' });

export function noticeTime(createdAt: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  if (elapsed < MINUTE) return 'à l’instant';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return `le ${formatLongDate(createdAt, CHEF_TIME_ZONE)}`;
}

export const noticeFullTime = (createdAt: string) => formatSessionDateTime(createdAt, CHEF_TIME_ZONE);

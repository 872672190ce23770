import { formatSessionDateTime, keepTimeTogether } from '@shared/format';

/**
 * 'samedi 28 novembre 2026 à 18 h 30 HNE' in the viewer's zone (or `timeZone`: a server-rendered
 * page's useDisplayTimeZone), the time kept on one line.
 */
export function sessionWhen(iso: string | null, timeZone?: string): string {
  return keepTimeTogether(formatSessionDateTime(iso, timeZone));
}

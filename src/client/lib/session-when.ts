import { formatSessionDateTime, keepTimeTogether } from '@shared/format';

/** 'samedi 28 novembre 2026 à 18 h 30 HNE' in the viewer's zone, the time kept on one line. */
export function sessionWhen(iso: string | null): string {
  return keepTimeTogether(formatSessionDateTime(iso));
}

import { formatSessionDateTime } from '@shared/format';

/** 'samedi 28 novembre 2026 à 18 h 30 HNE' in the viewer's zone, the time kept on one line. */
export function sessionWhen(iso: string | null): string {
  return formatSessionDateTime(iso).replace(/(\d+) h (\d+)/g, '$1\u00a0h\u00a0$2');
}

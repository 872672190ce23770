// The zone a session's time is written in. The server cannot know the browser's zone, so the HTML it
// renders (and the hydration that adopts it) names the chef's; right after hydration React renders
// again with the browser's own zone (undefined: Intl's default), as DESIGN.md asks. A page rendered
// in the browser alone uses the browser's zone from the start.
import { useSyncExternalStore } from 'react';
import { CHEF_TIME_ZONE } from '@shared/format';

const never = () => () => {};

export function useDisplayTimeZone(): string | undefined {
  return useSyncExternalStore(
    never,
    () => undefined,
    () => CHEF_TIME_ZONE,
  );
}

/**
 * The browser's zone as people say it: « heure de l’Est », « heure du Pacifique » (never an IANA
 * name such as America/Toronto); the UTC offset where French has no name for it.
 */
export function viewerTimeZoneName(): string {
  try {
    const part = new Intl.DateTimeFormat('fr-CA', { timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName');
    if (part?.value) return part.value.replace(/\u2019/g, "'");
  } catch {
    // An engine without 'longGeneric': the words below.
  }
  return 'heure locale';
}

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

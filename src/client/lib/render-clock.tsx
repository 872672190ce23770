// "Now" for what a page shows of the date (the footer's year). In the browser, the browser's clock;
// in the server's render of a public page, the server's own clock (its injectable one, pinned by a
// test run), so that the markup and the hydration agree on a day the two clocks are set alike.
import { createContext, useContext, type ReactNode } from 'react';

const RenderClock = createContext<() => Date>(() => new Date());

export function RenderClockProvider({ now, children }: { now: () => Date; children: ReactNode }) {
  return <RenderClock.Provider value={now}>{children}</RenderClock.Provider>;
}

/** The clock to read while rendering. */
export const useRenderClock = (): (() => Date) => useContext(RenderClock);

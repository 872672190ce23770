// Adopting a server-rendered page in pieces. A phone's browser adopting a list of two dozen cards in
// one task blocks its main thread for ~250 ms on Lighthouse's slowed CPU (docs/performance.md): taps
// wait for it. React hydrates the content of each Suspense boundary the server rendered apart from
// the rest of the page, at a low priority and in time slices it yields between: wrapping a card, the
// header or a block in one lets the browser answer in between (docs/decisions/0022).
import { Suspense, type ReactNode } from 'react';

/** Hydrated on its own, after the page around it; renders its children as usual otherwise. */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

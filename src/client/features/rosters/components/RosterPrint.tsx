// The roster's body, the part that prints: the session, who comes, holds, the waitlist and cancellations.
import type { RosterResponse } from '@shared/schemas/rosters';
import { HydrationBoundary } from '@client/lib/hydration-boundary';
import { Attendees, Cancellations, Holds, RosterSummary, Waitlist } from './RosterSheet';

/** In the page the server rendered (decision 0045), each part is adopted on its own, after the rest. */
export function RosterPrint({ roster }: { roster: RosterResponse }) {
  return (
    <div data-roster-print className="space-y-8 print:space-y-5">
      <RosterSummary roster={roster} />
      <HydrationBoundary>
        <Attendees roster={roster} />
      </HydrationBoundary>
      <HydrationBoundary>
        <Holds roster={roster} />
      </HydrationBoundary>
      <HydrationBoundary>
        <Waitlist roster={roster} />
      </HydrationBoundary>
      <HydrationBoundary>
        <Cancellations roster={roster} />
      </HydrationBoundary>
    </div>
  );
}

/** The page's state while it loads or when it cannot: the same for the admin and the guest chef. */
export function rosterTitle(roster: RosterResponse | undefined): string {
  return roster ? `Liste des participants — ${roster.session.courseTitle}` : 'Liste des participants';
}

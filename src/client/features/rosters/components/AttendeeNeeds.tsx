// The seats' dietary needs on the roster (docs/decisions/0053): the sum for the chef's shopping
// (« 2 sans gluten, 1 végétalien ») and, per booking, who needs what with their own words.
// Health data: the roster is the admin's and the session chef's only.
import { Salad } from 'lucide-react';
import { seatNeedsLines } from '@shared/dietary';
import type { RosterAttendee } from '@shared/schemas/rosters';

export function NeedsSummary({ summary }: { summary: string }) {
  return (
    <p className="mb-3 flex items-start gap-2 rounded-2xl border border-herb/30 bg-herb/10 px-4 py-3 text-ink print:border-0 print:bg-transparent print:px-0" data-testid="needs-summary">
      <Salad aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-herb print:hidden" />
      <span>
        <span className="font-semibold">Besoins alimentaires : </span>
        {summary || 'aucun signalé'}
      </span>
    </p>
  );
}

/** « Marie : Sans gluten, sésame » for each seat that said something; nothing when none did. */
export function AttendeeNeeds({ attendee: a }: { attendee: RosterAttendee }) {
  const said = seatNeedsLines(a.name, a.guests, a.needs);
  if (said.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-ink" aria-label={`Besoins alimentaires de ${a.name || 'ce participant'}`}>
      {said.map(({ who, text }, i) => (
        <li key={i}>
          <span className="text-muted print:text-ink">{who} : </span>
          {text}
        </li>
      ))}
    </ul>
  );
}

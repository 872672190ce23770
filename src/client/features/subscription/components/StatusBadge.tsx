// A membership's status (spec §4): green while it gives full access (active, trialing), yellow
// otherwise, its French label capitalised.
import { cn } from '@client/lib/cn';
import { statusLabel, statusTone } from '../status';

const TONES = {
  green: 'bg-green-100 text-green-900 ring-green-300',
  yellow: 'bg-amber-100 text-amber-950 ring-amber-300',
} as const;

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset', TONES[statusTone(status)], className)}>
      {statusLabel(status)}
    </span>
  );
}

// How far a learner is in a recorded course: 'Progression : 45 %' with its bar, or the 'Terminé'
// badge once past the finish line (course page and Mes Achats).
import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@client/components/ui/Badge';
import { cn } from '@client/lib/cn';

export function CompletedBadge({ className }: { className?: string }) {
  return (
    <Badge tone="herb" className={className}>
      <CircleCheck aria-hidden="true" className="size-3.5" />
      Terminé
    </Badge>
  );
}

export function CourseProgressBar({ percent, className }: { percent: number; className?: string }) {
  const id = useId();
  const value = Math.max(0, Math.min(100, Math.floor(percent)));
  return (
    <div className={cn('w-full max-w-xs space-y-1', className)}>
      <p id={id} className="text-sm font-medium text-ink">
        Progression&nbsp;: {value}&nbsp;%
      </p>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value} %`}
        className="h-2 w-full overflow-hidden rounded-full bg-brand-50 ring-1 ring-inset ring-brand-100"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

// The two badges every course shows: its format and, when premium, the subscribers' mark.
import { Crown, Radio, PlayCircle } from 'lucide-react';
import { COURSE_FORMAT_LABELS } from '@shared/catalog';
import { Badge } from '@client/components/ui/Badge';

export function FormatBadge({ isLive, className }: { isLive: boolean; className?: string }) {
  return isLive ? (
    <Badge tone="herb" className={className}>
      <Radio aria-hidden="true" className="size-3.5" />
      {COURSE_FORMAT_LABELS.live}
    </Badge>
  ) : (
    <Badge tone="dark" className={className}>
      <PlayCircle aria-hidden="true" className="size-3.5" />
      {COURSE_FORMAT_LABELS.recorded}
    </Badge>
  );
}

export function PremiumBadge({ className }: { className?: string }) {
  return (
    <Badge tone="saffron" className={className}>
      <Crown aria-hidden="true" className="size-3.5" />
      Premium
    </Badge>
  );
}

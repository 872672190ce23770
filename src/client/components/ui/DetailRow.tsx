// One term of a details list (<dl>): its icon and label, then what it says — the reservation's dialog and page.
import type { ReactNode } from 'react';

export function DetailRow({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-3 text-sm font-semibold text-muted">
        <span aria-hidden="true" className="text-brand-700">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="pl-7">{children}</dd>
    </div>
  );
}

import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

/** A home section's h2 with its "see all" link. */
export function SectionHeading({ id, title, subtitle, linkTo, linkLabel }: { id: string; title: string; subtitle?: string; linkTo: string; linkLabel: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-2xl font-semibold sm:text-3xl">
          {title}
        </h2>
        {subtitle ? <p className="mt-1 text-muted">{subtitle}</p> : null}
      </div>
      <Link to={linkTo} className="inline-flex items-center gap-1 rounded font-semibold text-brand-700 underline-offset-4 hover:underline">
        {linkLabel}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}

// Why this checkout cannot go on (the server's 409/422 in French) and what can be done about it.
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export function CheckoutProblem({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <section role="alert" className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold text-brand-800">
        <CircleAlert aria-hidden="true" className="size-5" />
        {title}
      </h2>
      <p className="mt-2 text-ink/85">{message}</p>
      {children ? <div className="mt-4 flex flex-wrap gap-3">{children}</div> : null}
    </section>
  );
}

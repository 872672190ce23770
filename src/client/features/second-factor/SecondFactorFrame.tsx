// The frame of the second-factor screens: shown in the admin area instead of the page asked for.
import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Card } from '@client/components/ui/Card';

export function SecondFactorFrame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <Card className="p-5 sm:p-8">
        <div className="mb-6 flex items-start gap-3">
          <ShieldCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-brand-700" />
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Administration</p>
            <h1 className="mt-1 text-2xl font-semibold text-ink sm:text-3xl">{title}</h1>
            <div className="mt-3 text-base text-muted">{intro}</div>
          </div>
        </div>
        {children}
      </Card>
    </div>
  );
}

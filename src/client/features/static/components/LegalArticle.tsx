// The frame of a long static page (policy, terms, FAQ): one h1, a reading width, and typographic
// styles for the headings, paragraphs and lists it holds.
import type { ReactNode } from 'react';
import { formatLongDate } from '@shared/format';

type LegalArticleProps = {
  title: string;
  intro?: ReactNode;
  /** ISO date shown as 'Dernière mise à jour : …'. */
  updated?: string;
  children: ReactNode;
};

export function LegalArticle({ title, intro, updated, children }: LegalArticleProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-10 border-b border-line pb-8">
        <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
        {updated ? <p className="mt-3 text-sm text-muted">Dernière mise à jour : {formatLongDate(`${updated}T12:00:00Z`)}</p> : null}
        {intro ? <div className="mt-5 text-lg leading-relaxed text-muted">{intro}</div> : null}
      </header>
      <div className="space-y-5 leading-relaxed text-ink [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul]:marker:text-brand-600">
        {children}
      </div>
    </article>
  );
}

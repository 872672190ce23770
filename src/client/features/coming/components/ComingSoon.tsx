// The honest page for a screen a later issue builds: its real title, what it will do, a way on.
// Nothing on it pretends to work.
import type { ReactNode } from 'react';
import { Construction } from 'lucide-react';
import { ButtonLink } from '@client/components/ui/Button';
import { usePageTitle } from '@client/lib/use-page-title';

type ComingSoonProps = {
  /** The spec's title of the page, e.g. 'Mes Achats'. */
  title: string;
  /** What the page will offer, completing « Cette page arrive bientôt : … ». */
  coming: string;
  /** Where to go meanwhile (defaults to home). */
  action?: { to: string; label: string };
  children?: ReactNode;
};

export function ComingSoon({ title, coming, action = { to: '/', label: "Retour à l'accueil" }, children }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-16 text-center sm:py-24">
      <span className="mb-6 flex size-16 items-center justify-center rounded-full bg-saffron/20 text-brand-800" aria-hidden="true">
        <Construction className="size-8" />
      </span>
      <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">« Cette page arrive bientôt : {coming} »</p>
      {children}
      <ButtonLink to={action.to} className="mt-8">
        {action.label}
      </ButtonLink>
    </section>
  );
}

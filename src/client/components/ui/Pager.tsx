// Previous / next page of a list, with where the person is ('Page 2 sur 5'). `label` names the
// navigation for screen readers ('Pages de commandes', 'Pages de réservations').
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './Button';

type PagerProps = { label: string; page: number; pageCount: number; onPage: (page: number) => void };

export function Pager({ label, page, pageCount, onPage }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Précédent
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        Page {page} sur {pageCount}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Suivant
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}

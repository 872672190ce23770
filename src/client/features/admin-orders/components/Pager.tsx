// Previous / next page of a list, with where the admin is ('Page 2 sur 5').
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@client/components/ui/Button';

export function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages de commandes" className="mt-6 flex items-center justify-between gap-3">
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

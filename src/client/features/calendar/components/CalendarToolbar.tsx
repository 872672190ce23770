// The calendar's toolbar (spec: Aujourd'hui, Précédent, Suivant, and the views Mois / Semaine /
// Jour / Agenda) in the site's buttons: the period shown is the heading between them. On phones
// the arrows keep their words for screen readers only.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ToolbarProps } from 'react-big-calendar';
import { Button } from '@client/components/ui/Button';
import { cn } from '@client/lib/cn';
import { VIEW_LABELS, VIEWS, type CalendarView } from '../calendar-setup';
import type { CalendarEvent } from '../events';

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function CalendarToolbar({ label, view, onNavigate, onView }: ToolbarProps<CalendarEvent>) {
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onNavigate('TODAY')}>
          Aujourd&apos;hui
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onNavigate('PREV')} className="px-2 sm:px-3">
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Précédent</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onNavigate('NEXT')} className="px-2 sm:px-3">
          <span className="sr-only sm:not-sr-only">Suivant</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <h2 className="order-first text-xl text-ink sm:text-2xl lg:order-none" aria-live="polite">
        {capitalised(label)}
      </h2>
      <div role="group" aria-label="Affichage" className="inline-flex self-start rounded-full border border-line bg-white p-1 lg:self-auto">
        {VIEWS.map((v: CalendarView) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => onView(v)}
            className={cn(
              'h-8 rounded-full px-3 text-sm font-semibold transition-colors sm:px-4',
              view === v ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50 hover:text-brand-800',
            )}
          >
            {VIEW_LABELS[v]}
          </button>
        ))}
      </div>
    </div>
  );
}

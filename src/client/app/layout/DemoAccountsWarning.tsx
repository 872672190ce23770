// Over every admin tab while demo accounts still open with the password the README prints: on a
// site reachable from outside, anyone could sign in with them (docs/decisions/0029-fail-closed.md).
// Its answer comes after the page's (the server checks each password), so it floats at the bottom
// of the screen instead of pushing the page down when it arrives (a layout shift); « Masquer » puts
// it away for the rest of the visit (this tab). One line until opened (« details »): a late block of
// text would otherwise be the page's largest paint (Lighthouse's LCP).
import { TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import type { DemoAccountsResponse } from '@shared/schemas/admin';
import { useApiQuery } from '@client/lib/use-api-query';

const HIDDEN_KEY = 'toque.demo-accounts-warning-hidden';

function wasHidden(): boolean {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function DemoAccountsWarning() {
  const { data } = useApiQuery<DemoAccountsResponse>('/admin/demo-accounts', undefined, { staleTime: 60_000 });
  const [hidden, setHidden] = useState(wasHidden);
  const accounts = data?.accounts ?? [];
  if (accounts.length === 0 || hidden) return null;
  const hide = () => {
    setHidden(true);
    try {
      sessionStorage.setItem(HIDDEN_KEY, '1');
    } catch {
      // Private mode without storage: hidden until the next page load.
    }
  };
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 px-3 lg:bottom-4 print:hidden">
      <div
        role="status"
        className="pointer-events-auto mx-auto flex max-w-3xl items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 py-1.5 pl-3 pr-1.5 text-sm text-amber-950 shadow-lg"
      >
        <TriangleAlert aria-hidden="true" className="mt-2.5 size-4 shrink-0" />
        {/* Short until opened: the page, not this notice, is what a visit shows first. */}
        <details className="min-w-0 flex-1 py-2">
          <summary className="cursor-pointer font-semibold">Comptes de démonstration ouverts à tous</summary>
          <p className="mt-1 break-words">
            Ces comptes s’ouvrent encore avec le mot de passe publié dans le README : {accounts.join(', ')}. Sur un site accessible
            de l’extérieur, changez leur mot de passe ou supprimez-les.
          </p>
        </details>
        <button
          type="button"
          onClick={hide}
          aria-label="Masquer l’avertissement des comptes de démonstration"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-amber-950 hover:bg-amber-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}

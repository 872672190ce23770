// Above every admin tab while demo accounts still open with the password the README prints: on a
// site reachable from outside, anyone could sign in with them (docs/decisions/0029-fail-closed.md).
import { TriangleAlert } from 'lucide-react';
import type { DemoAccountsResponse } from '@shared/schemas/admin';
import { useApiQuery } from '@client/lib/use-api-query';

export function DemoAccountsWarning() {
  const { data } = useApiQuery<DemoAccountsResponse>('/admin/demo-accounts', undefined, { staleTime: 60_000 });
  const accounts = data?.accounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <div role="status" className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Comptes de démonstration ouverts à tous</p>
        <p className="mt-1">
          Ces comptes s’ouvrent encore avec le mot de passe publié dans le README : {accounts.join(', ')}. Sur un site accessible
          de l’extérieur, changez leur mot de passe ou supprimez-les.
        </p>
      </div>
    </div>
  );
}

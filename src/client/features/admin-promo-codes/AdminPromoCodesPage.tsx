// /admin/codes-promo — Tableau de Bord Admin, tab « Codes promo » (decision 0040): every code with
// what it takes off and on what, its limits, dates and public, how many paid orders used it (and how
// many are waiting for their payment), what those orders brought and what the code gave; create,
// edit, deactivate or reactivate (each in the Journal).
import { Plus, TicketPercent } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatPrice } from '@shared/format';
import { PROMO_AUDIENCE_LABELS, type PromoCodeView } from '@shared/schemas/promo-codes';
import { Badge } from '@client/components/ui/Badge';
import { Button } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { CardSkeleton } from '@client/components/ui/Skeleton';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { AdminShell } from '@client/app/layout/AdminShell';
import { usePromoCodes, useSetPromoActive } from './api';
import { PromoCodeForm } from './components/PromoCodeForm';
import { runMutation } from '@client/lib/run-mutation';

type FormState = { open: false } | { open: true; code: PromoCodeView | null };

/** '1 déc. 2026 00 h 00' from the form's wall clock ('2026-12-01T00:00'). */
function wallClock(value: string): string {
  const [date, time] = value.split('T');
  const [y, m, d] = date!.split('-');
  return `${Number(d)}/${m}/${y} ${time!.replace(':', ' h ')}`;
}

function period(code: PromoCodeView): string {
  if (code.startsAt && code.endsAt) return `Du ${wallClock(code.startsAt)} au ${wallClock(code.endsAt)}`;
  if (code.startsAt) return `À partir du ${wallClock(code.startsAt)}`;
  if (code.endsAt) return `Jusqu'au ${wallClock(code.endsAt)}`;
  return 'Sans date de fin';
}

function uses(code: PromoCodeView): string {
  const paid = `${code.usesPaid} ${code.usesPaid > 1 ? 'utilisations payées' : 'utilisation payée'}${code.maxUses !== null ? ` sur ${code.maxUses}` : ''}`;
  return code.usesPending ? `${paid} (+ ${code.usesPending} en attente de paiement)` : paid;
}

export default function AdminPromoCodesPage() {
  usePageTitle('Codes promo — Tableau de Bord Admin');
  const list = usePromoCodes();
  const setActive = useSetPromoActive();
  const [form, setForm] = useState<FormState>({ open: false });

  useEffect(() => {
    if (list.error) notifyError('Erreur', 'Impossible de charger les codes promo.');
  }, [list.error]);

  const toggle = (code: PromoCodeView) =>
    runMutation(setActive,
      { id: code.id, active: !code.active },
      {
        onSuccess: (saved) => notifySuccess(saved.active ? 'Code réactivé' : 'Code désactivé', saved.code),
        onError: (e) => notifyError('Action impossible', e.message),
      },
    );

  const codes = list.data?.codes ?? [];
  return (
    <AdminShell>
      <section aria-labelledby="promo-title">
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="promo-title" className="text-2xl font-semibold text-ink">
            Codes promo
          </h2>
          <Button onClick={() => setForm({ open: true, code: null })}>
            <Plus aria-hidden="true" className="size-4" />
            Nouveau code
          </Button>
        </div>
        {list.isPending ? (
          <div className="grid gap-5 md:grid-cols-2">
            <CardSkeleton />
            <CardSkeleton />
          </div>
        ) : list.isError ? (
          <ErrorPanel title="Codes promo indisponibles" message={list.error.message} onRetry={() => void list.refetch()} />
        ) : codes.length === 0 ? (
          <EmptyState icon={<TicketPercent className="size-8" />} title="Aucun code promo" hint="Créez un code, par exemple NOEL20 : 20 % sur les cours en direct." />
        ) : (
          <ul className="grid gap-5 md:grid-cols-2" aria-label="Codes promo">
            {codes.map((code) => (
              <li key={code.id} aria-label={code.code} className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-mono text-lg font-semibold tracking-wide text-ink">{code.code}</p>
                  <Badge tone={code.active ? 'herb' : 'neutral'}>{code.active ? 'Actif' : 'Désactivé'}</Badge>
                </div>
                <p className="font-semibold text-brand-800">{code.summary}</p>
                {code.courses.length ? <p className="text-sm text-muted">Cours : {code.courses.map((c) => c.title).join(', ')}</p> : null}
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">Utilisations</dt>
                  <dd className="text-ink">{uses(code)}</dd>
                  {code.maxUsesPerCustomer !== null ? (
                    <>
                      <dt className="text-muted">Par client</dt>
                      <dd className="text-ink">{code.maxUsesPerCustomer} au plus</dd>
                    </>
                  ) : null}
                  <dt className="text-muted">Revenus</dt>
                  <dd className="tabular-nums text-ink">
                    {formatPrice(code.revenueCents)} avant taxes (rabais accordés : {formatPrice(code.discountCents)})
                  </dd>
                  <dt className="text-muted">Période</dt>
                  <dd className="text-ink">{period(code)}</dd>
                  <dt className="text-muted">Public</dt>
                  <dd className="text-ink">{PROMO_AUDIENCE_LABELS[code.audience]}</dd>
                </dl>
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  <Button variant="secondary" size="sm" onClick={() => setForm({ open: true, code })}>
                    Modifier
                  </Button>
                  <Button variant="secondary" size="sm" disabled={setActive.isPending} onClick={() => toggle(code)}>
                    {code.active ? 'Désactiver' : 'Réactiver'}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {form.open ? <PromoCodeForm code={form.code} onClose={() => setForm({ open: false })} /> : null}
    </AdminShell>
  );
}

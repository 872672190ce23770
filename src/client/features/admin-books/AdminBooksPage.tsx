// /admin/comptabilite — Comptabilité: the books as the accountant receives them. The GST/QST filing
// frequency (a setting), the periods it gives (Montréal time), and for the chosen period the figures
// the GST/HST and QST returns ask for, by province of supply, and the two files to download.
import { Download } from 'lucide-react';
import { formatPrice } from '@shared/format';
import {
  EXPORT_FORMAT_LABELS,
  FILING_FREQUENCIES,
  FILING_FREQUENCY_LABELS,
  type BooksFigures,
  type BooksOverview,
  type BooksSummary,
  type ExportFormat,
  type FilingFrequency,
} from '@shared/schemas/admin-books';
import { TAX_KINDS, TAX_KIND_LABELS, type TaxKind } from '@shared/schemas/admin-sales';
import { buttonClass } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { FiguresTable, type FiguresColumn } from '@client/components/ui/FiguresTable';
import { Select } from '@client/components/ui/Select';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { useUrlParams } from '@client/lib/use-url-params';
import { AdminShell } from '@client/app/layout/AdminShell';
import { exportHref, useBooksOverview, useBooksSummary, useSetFilingFrequency } from './api';
import { runMutation } from '@client/lib/run-mutation';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The last period that has ended (what a return is filed for), else the current one. */
function defaultPeriod(overview: BooksOverview): string | undefined {
  return (overview.periods.find((p) => !p.current) ?? overview.periods[0])?.id;
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-ink sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-1 text-sm text-muted">{hint}</dd> : null}
    </div>
  );
}

function taxKindsUsed(totals: BooksFigures): TaxKind[] {
  const used = TAX_KINDS.filter((k) => totals.taxes[k] !== 0);
  return used.length ? used : ['GST', 'QST'];
}

function columns(kinds: TaxKind[]): FiguresColumn<BooksFigures>[] {
  return [
    { key: 'sales', label: 'Ventes', value: (f) => f.salesCents },
    { key: 'credited', label: 'Notes de crédit', value: (f) => -f.creditedCents },
    { key: 'net', label: 'Ventes nettes', value: (f) => f.netSalesCents, strong: true },
    ...kinds.map((k): FiguresColumn<BooksFigures> => ({ key: k, label: TAX_KIND_LABELS[k], value: (f) => f.taxes[k] })),
    { key: 'total', label: 'Total', value: (f) => f.totalCents },
  ];
}

function Summary({ summary }: { summary: BooksSummary }) {
  const { totals } = summary;
  const kinds = taxKindsUsed(totals);
  const documents = `${plural(totals.receiptCount, 'reçu', 'reçus')} · ${plural(totals.creditNoteCount, 'note de crédit', 'notes de crédit')}`;
  return (
    <section aria-labelledby="books-summary" className="space-y-4">
      <div>
        <h3 id="books-summary" className="text-xl font-semibold text-ink">
          Sommaire pour les déclarations
        </h3>
        <p className="mt-1 text-sm text-muted">
          {summary.period.label} : du {summary.period.firstDay} au {summary.period.lastDay}, heure de Montréal. Les notes de crédit sont déduites dans la période où elles sont émises.
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <Figure label="Ventes (fournitures taxables)" value={formatPrice(totals.netSalesCents)} hint={documents} />
        <Figure label="TPS/TVH perçue" value={formatPrice(totals.gstHstCents)} hint="Déclaration de TPS/TVH" />
        <Figure label="TVQ perçue" value={formatPrice(totals.qstCents)} hint="Déclaration de TVQ" />
        <Figure label="Frais du fournisseur de paiement" value={formatPrice(totals.feeCents)} hint="Sur les reçus de la période" />
      </dl>
      {totals.giftCardSalesCents !== 0 ? (
        <p className="text-sm text-muted">
          Cartes-cadeaux vendues : {formatPrice(totals.giftCardSalesCents)} — hors des ventes taxables (ce n'est pas une fourniture) ; la taxe s'applique au cours acheté avec la carte.
        </p>
      ) : null}
            <FiguresTable
        id="books-table-caption"
        caption="Par province de fourniture"
        rowHeading="Province"
        columns={columns(kinds)}
        rows={summary.provinces.map((p) => ({ key: p.province, label: p.name, figures: p }))}
        totals={totals}
        empty="Aucune vente ni note de crédit dans cette période."
      />
    </section>
  );
}

function Downloads({ period }: { period: string }) {
  const formats: { format: ExportFormat; hint: string }[] = [
    { format: 'excel-fr', hint: 'Point-virgule et virgule décimale : s’ouvre tel quel dans Excel en français.' },
    { format: 'standard', hint: 'Virgule et point décimal (UTF-8) : pour un logiciel comptable ou une importation.' },
  ];
  return (
    <section aria-labelledby="books-downloads" className="space-y-3">
      <h3 id="books-downloads" className="text-xl font-semibold text-ink">
        Fichiers pour le comptable
      </h3>
      <p className="text-sm text-muted">
        Une ligne par reçu et par note de crédit (négative) et par type de produit, avec les taxes, les frais du fournisseur de paiement, la référence de versement et une ligne de
        totaux. Sans adresse courriel.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {formats.map(({ format, hint }) => (
          <li key={format} className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4 shadow-sm">
            <a href={exportHref(period, format)} download className={buttonClass({ variant: format === 'excel-fr' ? 'primary' : 'secondary', className: 'justify-center' })}>
              <Download aria-hidden="true" className="size-4" />
              {EXPORT_FORMAT_LABELS[format]}
            </a>
            <p className="text-sm text-muted">{hint}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AdminBooksPage() {
  usePageTitle('Comptabilité');
  const [params, updateParams] = useUrlParams();
  const overview = useBooksOverview();
  const setFrequency = useSetFilingFrequency();
  const asked = params.get('periode');
  const known = overview.data?.periods.some((p) => p.id === asked) ? asked! : undefined;
  const period = known ?? (overview.data ? defaultPeriod(overview.data) : undefined);
  const summary = useBooksSummary(period);

  const choosePeriod = (value: string | undefined) =>
    updateParams((p) => {
      if (value) p.set('periode', value);
      else p.delete('periode');
      return p;
    });

  const chooseFrequency = (value: string | undefined) => {
    if (!value || value === overview.data?.filingFrequency) return;
    runMutation(setFrequency, value as FilingFrequency, {
      onSuccess: (next) => {
        choosePeriod(undefined);
        notifySuccess('Période de déclaration enregistrée', FILING_FREQUENCY_LABELS[next.filingFrequency]);
      },
      onError: (error) => notifyError('Impossible d’enregistrer la période de déclaration', error.message),
    });
  };

  return (
    <AdminShell>
      <div className="space-y-8">
        <div>
          <h2 className="text-2xl font-semibold text-ink">Comptabilité</h2>
          <p className="mt-1 text-muted">Les ventes par période de déclaration de la TPS/TVH et de la TVQ, telles que le comptable les reçoit.</p>
        </div>

        {overview.isPending ? (
          <div role="status" aria-label="Chargement de la comptabilité" className="space-y-4">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : overview.isError ? (
          <ErrorPanel title="Impossible de charger la comptabilité." message={overview.error.message} onRetry={() => void overview.refetch()} />
        ) : (
          <>
            <form className="grid gap-4 sm:grid-cols-2" aria-label="Période de déclaration" onSubmit={(e) => e.preventDefault()}>
              <Select
                label="Fréquence de déclaration (TPS/TVQ)"
                value={overview.data.filingFrequency}
                onValueChange={chooseFrequency}
                disabled={setFrequency.isPending}
                options={FILING_FREQUENCIES.map((f) => ({ value: f, label: FILING_FREQUENCY_LABELS[f] }))}
              />
              <Select
                label="Période"
                value={period}
                onValueChange={choosePeriod}
                options={overview.data.periods.map((p) => ({ value: p.id, label: p.current ? `${p.label} — en cours` : p.label }))}
              />
            </form>

            {summary.isPending ? (
              <div role="status" aria-label="Chargement du sommaire" className="space-y-4">
                <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                  {Array.from({ length: 4 }, (_, i) => (
                    <Skeleton key={i} className="h-24" />
                  ))}
                </div>
                <Skeleton className="h-48 w-full" />
              </div>
            ) : summary.isError && !summary.data ? (
              <ErrorPanel title="Impossible de charger cette période." message={summary.error.message} onRetry={() => void summary.refetch()} />
            ) : summary.data ? (
              <div className="space-y-8" aria-busy={summary.isPlaceholderData || undefined}>
                <Summary summary={summary.data} />
                <Downloads period={summary.data.period.id} />
              </div>
            ) : null}
          </>
        )}
      </div>
    </AdminShell>
  );
}

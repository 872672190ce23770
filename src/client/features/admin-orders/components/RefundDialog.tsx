// The confirmation before a refund: what is refunded (a whole line, part of it, or everything
// left), the amount given back with its taxes, and what the learner loses — the course. Each
// attempt carries its own idempotency key; a retry after an unanswered request keeps it, so a
// refund is never made twice.
import * as Dialog from '@radix-ui/react-dialog';
import { RotateCcw, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatPrice } from '@shared/format';
import type { OrderView } from '@shared/schemas/checkout';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { parseAmountCents } from '../amount';
import { useRefund } from '../api';
import { estimateRefund, remainingCents, type RefundLinePlan } from '../refund-plan';
import { RefundAmounts } from './RefundAmounts';
import { runMutation } from '@client/lib/run-mutation';

export type RefundTarget = { kind: 'all' } | { kind: 'line'; lineId: string };

type RefundDialogProps = {
  order: OrderView;
  target: RefundTarget | null;
  buyerName: string | null;
  onClose: () => void;
};

const newKey = () => crypto.randomUUID();

export function RefundDialog({ order, target, buyerName, onClose }: RefundDialogProps) {
  const refund = useRefund(order.id);
  // While the request is on its way the dialog stays: its answer is shown here.
  const close = () => {
    if (!refund.isPending) onClose();
  };
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-cream p-6 shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_180ms_ease-out] sm:p-8">
          {target ? (
            <RefundForm
              key={target.kind === 'all' ? 'all' : target.lineId}
              order={order}
              target={target}
              buyerName={buyerName}
              onClose={onClose}
              refund={refund}
            />
          ) : null}
          <Dialog.Close
            disabled={refund.isPending}
            className="absolute right-4 top-4 inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-brand-800"
            aria-label="Fermer"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RefundForm({
  order,
  target,
  buyerName,
  onClose,
  refund,
}: RefundDialogProps & { target: RefundTarget; refund: ReturnType<typeof useRefund> }) {
  const ids = useId();
  const [key, setKey] = useState(newKey);
  const [mode, setMode] = useState<'whole' | 'amount'>('whole');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const line = target.kind === 'line' ? order.lines.find((l) => l.id === target.lineId) : undefined;
  const lines = target.kind === 'all' ? order.lines.filter((l) => remainingCents(l) > 0) : line ? [line] : [];
  const left = line ? remainingCents(line) : 0;

  // A typed amount changes the attempt: it gets a key of its own.
  useEffect(() => setKey(newKey()), [mode, amountText]);

  const typed = mode === 'amount' ? parseAmountCents(amountText) : null;
  const partialCents = typed?.cents != null && typed.cents <= left ? typed.cents : null;
  const plan: RefundLinePlan[] =
    target.kind === 'all'
      ? lines.map((l) => ({ orderLineId: l.id, amountCents: remainingCents(l) }))
      : line
        ? [{ orderLineId: line.id, amountCents: mode === 'whole' ? left : (partialCents ?? 0) }]
        : [];
  const estimate = plan.every((p) => p.amountCents > 0) && plan.length ? estimateRefund(order, plan) : null;
  const partial = mode === 'amount' && line !== undefined && partialCents !== null && partialCents < left;
  // Opened from the list the buyer is named; reached by its address, the order alone does not say.
  const who = buyerName ?? "l'acheteur";
  const Who = buyerName ?? "L'acheteur";
  const courses = lines.map((l) => l.description);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    let amountCents: number | undefined;
    if (target.kind === 'line' && mode === 'amount') {
      const parsed = parseAmountCents(amountText);
      const error = parsed.error ?? (parsed.cents > left ? `Au plus ${formatPrice(left)} sur cette ligne.` : null);
      setAmountError(error);
      if (error) return;
      amountCents = parsed.cents ?? undefined;
    }
    runMutation(
      refund,
      {
        lines: target.kind === 'all' ? lines.map((l) => ({ orderLineId: l.id })) : [{ orderLineId: line!.id, amountCents }],
        reason: reason.trim() || undefined,
        idempotencyKey: key,
      },
      {
        onSuccess: (res) => {
          notifySuccess(
            'Remboursement effectué',
            `Remboursement n° ${res.refund.number} de ${formatPrice(res.refund.totalCents)}${res.refund.status === 'pending' ? ', en attente de la confirmation du prestataire de paiement.' : '.'}`,
          );
          onClose();
        },
        onError: (error) => {
          // Unanswered (network) or failed on the server's side: the same attempt may be sent again
          // with the same key. A refusal (4xx) ends this attempt.
          if (error.status >= 400 && error.status < 500) setKey(newKey());
          const message = error.fields?.amountCents ?? error.message;
          setFailure(message);
          notifyError('Échec du remboursement', message);
        },
      },
    );
  };

  if (lines.length === 0) return null;

  return (
    <form onSubmit={submit} noValidate>
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
        <RotateCcw className="size-6" />
      </div>
      <Dialog.Title className="font-display text-2xl font-semibold text-ink">
        {target.kind === 'all' ? `Tout rembourser — commande n° ${order.number}` : 'Rembourser cette ligne'}
      </Dialog.Title>
      <Dialog.Description className="mt-2 text-base text-ink">
        {partial
          ? `Remboursement partiel : ${who} garde l'accès au cours « ${line!.description} » tant que la ligne n'est pas remboursée en entier.`
          : courses.length === 1
            ? `${Who} perdra l'accès au cours « ${courses[0]} ».`
            : `${Who} perdra l'accès aux cours : ${courses.map((c) => `« ${c} »`).join(', ')}.`}
      </Dialog.Description>

      {line ? (
        <fieldset className="mt-5 space-y-2">
          <legend className="mb-2 text-sm font-semibold text-ink">Montant à rembourser (avant taxes)</legend>
          <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-3 py-2.5">
            <input type="radio" name="mode" checked={mode === 'whole'} onChange={() => setMode('whole')} className="size-4 accent-brand-700" />
            <span>
              Toute la ligne : <strong>{formatPrice(left)}</strong>
            </span>
          </label>
          <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-3 py-2.5">
            <input type="radio" name="mode" checked={mode === 'amount'} onChange={() => setMode('amount')} className="size-4 accent-brand-700" />
            <span>Un montant</span>
          </label>
          {mode === 'amount' ? (
            <div className="flex flex-col gap-1.5 pt-1">
              <label htmlFor={`${ids}-amount`} className="text-sm font-semibold text-ink">
                Montant (CAD)
              </label>
              <input
                id={`${ids}-amount`}
                inputMode="decimal"
                autoComplete="off"
                placeholder="12,50"
                value={amountText}
                onChange={(e) => {
                  setAmountText(e.target.value);
                  setAmountError(null);
                }}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? `${ids}-amount-error` : `${ids}-amount-hint`}
                className={`h-11 w-full rounded-xl border bg-white px-3 text-base text-ink placeholder:text-muted hover:border-brand-600 ${amountError ? 'border-red-700' : 'border-line'}`}
              />
              {amountError ? (
                <p id={`${ids}-amount-error`} className="text-sm font-medium text-red-800">
                  {amountError}
                </p>
              ) : (
                <p id={`${ids}-amount-hint`} className="text-sm text-muted">
                  Au plus {formatPrice(left)}. Les taxes sont remboursées en proportion.
                </p>
              )}
            </div>
          ) : null}
        </fieldset>
      ) : (
        <ul className="mt-5 divide-y divide-line rounded-xl border border-line bg-white text-sm">
          {lines.map((l) => (
            <li key={l.id} className="flex justify-between gap-3 px-3 py-2.5">
              <span className="text-ink">{l.description}</span>
              <span className="whitespace-nowrap font-medium text-ink">{formatPrice(remainingCents(l))}</span>
            </li>
          ))}
        </ul>
      )}

      {estimate ? (
        <RefundAmounts
          subtotalCents={estimate.subtotalCents}
          taxLines={estimate.lines}
          totalCents={estimate.totalCents}
          ruledTotal
          className="mt-4 rounded-xl bg-white/70 px-3 py-2.5"
        />
      ) : null}

      <div className="mt-4 flex flex-col gap-1.5">
        <label htmlFor={`${ids}-reason`} className="text-sm font-semibold text-ink">
          Motif (facultatif)
        </label>
        <textarea
          id={`${ids}-reason`}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="w-full rounded-xl border border-line bg-white px-3 py-2 text-base text-ink hover:border-brand-600"
        />
      </div>

      {failure ? <FormAlert className="mt-4">{failure}</FormAlert> : null}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={refund.isPending}>
            Annuler
          </Button>
        </Dialog.Close>
        <Button type="submit" loading={refund.isPending}>
          Confirmer le remboursement
        </Button>
      </div>
    </form>
  );
}

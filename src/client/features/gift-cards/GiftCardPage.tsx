// /offrir and /offrir?cours=<id> — « Offrir un cours »: a gift card of a preset or free amount
// (10–1 000 $), the buyer's message, the recipient, sent now or at a day and hour (Toronto), then
// paid like any order (the sandbox's form, or Stripe's). From a course page the card takes the
// course's price and names the course. No tax: the receipt says « non taxable à l'achat ».
// « Offrir l'abonnement » (/offrir?abonnement): 3, 6 or 12 months of membership, priced from the
// membership's settings (12 months: the annual plan's price), taxed as the membership it is
// (docs/decisions/0042-gifted-membership.md); the card says « N mois d'abonnement Toque ».
import { Gift } from 'lucide-react';
import { Suspense, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPrice } from '@shared/format';
import { GIFT_CARD_PRESETS_CENTS, MEMBERSHIP_GIFT_MONTHS, membershipGiftLabel, membershipGiftPriceCents, type MembershipGiftMonths } from '@shared/gift-cards';
import type { CheckoutResponse } from '@shared/schemas/checkout';
import { giftCardPurchaseSchema, GIFT_CARD_MESSAGE_MAX, type GiftCardPurchaseInput } from '@shared/schemas/gift-cards';
import type { CourseResponse } from '@shared/schemas/public';
import type { MembershipPlansResponse } from '@shared/schemas/subscription';
import { Button } from '@client/components/ui/Button';
import { TextField } from '@client/components/ui/TextField';
import { ApiError } from '@client/lib/api';
import { notifyError } from '@client/lib/notify';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { OrderSummary, PaymentLoading, SandboxPaymentForm, SecuredFooter, StripePaymentForm } from '@client/features/payment';
import { buyGiftCard } from './api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Dollars typed in French or English ('75', '75,50', '75.50') → cents; NaN when not a number. */
function toCents(text: string): number {
  const clean = text.replace(/\s|\$/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

function tomorrowInToronto(): string {
  const d = new Date(Date.now() + 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

export default function GiftCardPage() {
  usePageTitle('Offrir un cours');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courseId = params.get('cours') ?? '';
  const course = useApiQuery<CourseResponse>(`/courses/${courseId}`, undefined, { enabled: UUID.test(courseId), retry: false });
  const coursePrice = course.data?.course.priceCents ?? null;
  const [kind, setKind] = useState<'amount' | 'membership'>(() => (params.has('abonnement') && !UUID.test(courseId) ? 'membership' : 'amount'));
  const plans = useApiQuery<MembershipPlansResponse>('/membership/plans', undefined, { enabled: kind === 'membership' });
  const [months, setMonths] = useState<MembershipGiftMonths>(3);
  const monthsPrice = (m: MembershipGiftMonths) => (plans.data ? membershipGiftPriceCents(m, plans.data) : null);

  const [preset, setPreset] = useState<number | 'other' | null>(null);
  const [other, setOther] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [delivery, setDelivery] = useState<'now' | 'scheduled'>('now');
  const [deliverOn, setDeliverOn] = useState(tomorrowInToronto);
  const [deliverHour, setDeliverHour] = useState(8);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState<CheckoutResponse | null>(null);
  const [key] = useState(() => crypto.randomUUID());

  // From a course page, the course's price is chosen until another amount is.
  const chosen = preset ?? (coursePrice && coursePrice > 0 ? coursePrice : null);
  const amountCents = kind === 'membership' ? monthsPrice(months) : chosen === 'other' ? toCents(other) : chosen;
  const presets = useMemo(() => {
    const list: number[] = [...GIFT_CARD_PRESETS_CENTS];
    if (coursePrice && coursePrice > 0 && !list.includes(coursePrice)) list.unshift(coursePrice);
    return list;
  }, [coursePrice]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const input: GiftCardPurchaseInput = {
      ...(kind === 'membership' ? { kind, months } : { kind, amountCents: amountCents ?? Number.NaN }),
      recipientName,
      recipientEmail,
      message,
      delivery,
      ...(delivery === 'scheduled' ? { deliverOn, deliverHour } : {}),
      ...(course.data && kind === 'amount' ? { courseId } : {}),
      idempotencyKey: key,
    };
    const parsed = giftCardPurchaseSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      if (kind === 'amount' && (amountCents === null || Number.isNaN(amountCents))) found.amountCents = chosen === 'other' ? 'Indiquez un montant en dollars, par exemple 40 ou 40,50.' : 'Choisissez un montant.';
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setPaying(await buyGiftCard(input));
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else notifyError('Erreur de paiement', err instanceof Error ? err.message : undefined);
    } finally {
      setBusy(false);
    }
  }

  if (paying?.payment) {
    const { order, payment } = paying;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 pb-12 pt-6 sm:px-6">
        <h1 className="text-3xl font-semibold text-ink sm:text-4xl">{kind === 'membership' ? "Payer l'abonnement offert" : 'Payer la carte-cadeau'}</h1>
        <p className="mt-2 text-lg text-muted">Pour {recipientName} — {delivery === 'now' ? 'envoyée dès le paiement reçu' : `envoyée le ${deliverOn} à ${deliverHour} h (heure de Montréal)`}</p>
        <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:items-start">
          <div className="space-y-2">
            <OrderSummary order={order} />
            <p className="text-sm text-muted">
              {kind === 'membership'
                ? `${membershipGiftLabel(months)}, sans date d'expiration : taxes de l'abonnement comprises à l'achat.`
                : "Carte-cadeau — non taxable à l'achat : la taxe s'applique au cours acheté avec elle."}
            </p>
          </div>
          <section aria-labelledby="payment-title" className="rounded-2xl bg-ink p-5 text-white shadow-lg sm:p-6">
            <h2 id="payment-title" className="mb-5 text-xl font-semibold text-white">
              Paiement
            </h2>
            {payment.provider === 'stripe' ? (
              <Suspense fallback={<PaymentLoading />}>
                <StripePaymentForm order={order} payment={payment} />
              </Suspense>
            ) : (
              <SandboxPaymentForm
                order={order}
                payment={payment}
                onAccepted={(status) =>
                  navigate(`/payment-result?${new URLSearchParams({ order_id: order.id, payment_intent: payment.paymentId, redirect_status: status }).toString()}`, { replace: true })
                }
              />
            )}
          </section>
        </div>
        <div className="mt-6">
          <SecuredFooter provider={payment.provider} />
        </div>
      </div>
    );
  }

  const radio = 'peer sr-only';
  const choice =
    'flex h-full cursor-pointer flex-col gap-0.5 rounded-2xl border border-line bg-white px-4 py-3 text-ink peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600';
  const chip = 'inline-flex h-11 min-w-[5.5rem] cursor-pointer items-center justify-center rounded-full border border-line bg-white px-4 font-semibold text-ink peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600';

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-12 pt-6 sm:px-6">
      <header className="mb-6">
        <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
          <Gift aria-hidden="true" className="size-4" /> Carte-cadeau
        </p>
        <h1 className="mt-1 text-3xl font-semibold text-ink sm:text-4xl">{kind === 'membership' ? "Offrir l'abonnement" : course.data ? 'Offrir ce cours' : 'Offrir un cours'}</h1>
        <p className="mt-2 text-muted">
          {kind === 'membership'
            ? 'Des mois d’abonnement Toque : tous les cours enregistrés, les recettes réservées aux abonnés et le rabais des abonnés sur les cours en direct. Sans date d’expiration.'
            : course.data
              ? `Une carte-cadeau du prix de « ${course.data.course.title} », avec le cours suggéré. Elle peut servir à tous les cours.`
              : 'Une carte-cadeau Toque, utilisable sur tous les cours. Sans date d’expiration.'}
        </p>
      </header>
      <form noValidate onSubmit={submit} className="space-y-6 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Que voulez-vous offrir ?</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <label>
              <input type="radio" name="kind" className={radio} checked={kind === 'amount'} onChange={() => setKind('amount')} />
              <span className={choice}>
                <span className="font-semibold">{course.data ? 'Offrir ce cours' : 'Offrir un cours'}</span>
                <span className="text-sm font-normal text-muted">Un montant pour tous les cours</span>
              </span>
            </label>
            <label>
              <input type="radio" name="kind" className={radio} checked={kind === 'membership'} onChange={() => setKind('membership')} />
              <span className={choice}>
                <span className="font-semibold">Offrir l'abonnement</span>
                <span className="text-sm font-normal text-muted">3, 6 ou 12 mois d'abonnement Toque</span>
              </span>
            </label>
          </div>
        </fieldset>
        {kind === 'membership' ? (
          <fieldset aria-describedby={errors.months ? 'months-error' : undefined}>
            <legend className="text-sm font-semibold text-ink">Durée</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {MEMBERSHIP_GIFT_MONTHS.map((m) => {
                const price = monthsPrice(m);
                return (
                  <label key={m}>
                    <input type="radio" name="months" className={radio} checked={months === m} onChange={() => setMonths(m)} />
                    <span className={chip}>
                      {m} mois{price !== null ? ` · ${formatPrice(price)}` : ''}
                    </span>
                  </label>
                );
              })}
            </div>
            <p className="mt-2 text-sm text-muted">12 mois au prix de la formule annuelle : deux mois offerts. Taxes de l'abonnement en sus.</p>
            {errors.months ? (
              <p id="months-error" role="alert" className="mt-2 text-sm font-semibold text-red-700">
                {errors.months}
              </p>
            ) : null}
          </fieldset>
        ) : (
        <fieldset aria-describedby={errors.amountCents ? 'amount-error' : undefined}>
          <legend className="text-sm font-semibold text-ink">Montant</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {presets.map((cents) => (
              <label key={cents}>
                <input type="radio" name="amount" className={radio} checked={chosen === cents} onChange={() => setPreset(cents)} />
                <span className={chip}>{formatPrice(cents)}</span>
              </label>
            ))}
            <label>
              <input type="radio" name="amount" className={radio} checked={chosen === 'other'} onChange={() => setPreset('other')} />
              <span className={chip}>Autre montant</span>
            </label>
          </div>
          {chosen === 'other' ? (
            <TextField className="mt-3 max-w-[12rem]" label="Montant en dollars (10 à 1 000 $)" inputMode="decimal" value={other} onChange={(e) => setOther(e.target.value)} autoFocus />
          ) : null}
          {errors.amountCents ? (
            <p id="amount-error" role="alert" className="mt-2 text-sm font-semibold text-red-700">
              {errors.amountCents}
            </p>
          ) : null}
        </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nom de la personne" autoComplete="off" value={recipientName} onChange={(e) => setRecipientName(e.target.value)} error={errors.recipientName} />
          <TextField label="Son courriel" type="email" autoComplete="off" value={recipientEmail} onChange={(e) => setRecipientEmail(e.target.value)} error={errors.recipientEmail} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="gift-message" className="text-sm font-semibold text-ink">
            Votre message (facultatif)
          </label>
          <textarea
            id="gift-message"
            rows={4}
            maxLength={GIFT_CARD_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            className="rounded-xl border border-line bg-white px-3 py-2 text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
          {errors.message ? <p className="text-sm font-semibold text-red-700">{errors.message}</p> : null}
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Quand l'envoyer ?</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            <label>
              <input type="radio" name="delivery" className={radio} checked={delivery === 'now'} onChange={() => setDelivery('now')} />
              <span className={chip}>Dès le paiement</span>
            </label>
            <label>
              <input type="radio" name="delivery" className={radio} checked={delivery === 'scheduled'} onChange={() => setDelivery('scheduled')} />
              <span className={chip}>À une date choisie</span>
            </label>
          </div>
          {delivery === 'scheduled' ? (
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <TextField label="Date d'envoi" type="date" value={deliverOn} onChange={(e) => setDeliverOn(e.target.value)} error={errors.deliverOn} />
              <div className="flex flex-col gap-1.5">
                <label htmlFor="gift-hour" className="text-sm font-semibold text-ink">
                  Heure (heure de Montréal)
                </label>
                <select id="gift-hour" value={deliverHour} onChange={(e) => setDeliverHour(Number(e.target.value))} className="h-11 rounded-xl border border-line bg-white px-3 text-ink">
                  {HOURS.map((h) => (
                    <option key={h} value={h}>
                      {h} h
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5">
          <p className="text-sm text-muted">{kind === 'membership' ? "Taxes de l'abonnement en sus · sans date d'expiration" : "Non taxable à l'achat · sans date d'expiration"}</p>
          <Button type="submit" disabled={busy}>
            {busy ? 'Un instant…' : kind === 'amount' && amountCents && !Number.isNaN(amountCents) ? `Payer ${formatPrice(amountCents)}` : 'Continuer vers le paiement'}
          </Button>
        </div>
      </form>
    </div>
  );
}

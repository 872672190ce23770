// The sandbox's card fields (number, expiry, CVC), formatted as typed, each with its French error,
// and the list of test cards: one component for the payment form and for « Gérer mon abonnement »
// (a new card for the renewals), so both pages ask for a card the same way.
import type { ReactNode } from 'react';
import { formatCardNumber, formatExpiry, TEST_CARDS, type CardErrors, type CardValues } from '../card';
import { CardField } from './CardField';

type CardFieldsProps = {
  values: CardValues;
  errors: CardErrors;
  disabled?: boolean;
  /** One field changed (already formatted). */
  onChange: (name: keyof CardValues, value: string) => void;
  /** Each input, to focus the first field in error. */
  inputRef?: (name: keyof CardValues, el: HTMLInputElement | null) => void;
};

export function CardFields({ values, errors, disabled, onChange, inputRef }: CardFieldsProps) {
  return (
    <>
      <CardField
        ref={(el) => inputRef?.('number', el)}
        label="Numéro de carte"
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={values.number}
        error={errors.number}
        disabled={disabled}
        onChange={(e) => onChange('number', formatCardNumber(e.target.value))}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardField
          ref={(el) => inputRef?.('expiry', el)}
          label="Date d'expiration"
          name="cc-exp"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          hint="Format MM/AA"
          value={values.expiry}
          error={errors.expiry}
          disabled={disabled}
          onChange={(e) => onChange('expiry', formatExpiry(e.target.value, values.expiry))}
        />
        <CardField
          ref={(el) => inputRef?.('cvc', el)}
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={values.cvc}
          error={errors.cvc}
          disabled={disabled}
          onChange={(e) => onChange('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
    </>
  );
}

/** The sandbox's test numbers and what each does; `extra` adds rows (a card that fails later). */
export function TestCards({ open, className = '', extra = [] }: { open?: boolean; className?: string; extra?: { number: string; outcome: ReactNode }[] }) {
  return (
    <details open={open} className={`rounded-xl bg-white/[0.06] px-4 py-3 text-xs text-white/85 ${className}`}>
      <summary className="cursor-pointer text-sm font-semibold text-white">Cartes de test</summary>
      <p className="mt-2">Aucune carte réelle n'est débitée. Toute date future et tout CVC à 3 chiffres conviennent.</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {[...TEST_CARDS, ...extra].map((card) => (
          <div key={card.number} className="contents">
            <dt className="whitespace-nowrap font-mono text-white">{card.number}</dt>
            <dd>{card.outcome}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

// The code input of both screens: six digits from the app (numeric keyboard, the phone may offer
// the code itself), or a recovery code typed as text.
import { forwardRef } from 'react';
import { TextField } from '@client/components/ui/TextField';

type Props = {
  recovery?: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
};

export const CodeField = forwardRef<HTMLInputElement, Props>(function CodeField({ recovery = false, value, onChange, error, disabled }, ref) {
  return recovery ? (
    <TextField
      ref={ref}
      label="Code de récupération"
      hint="Un des 10 codes conservés à l'activation, par exemple abcde-fghjk. Chaque code ne sert qu'une fois."
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={40}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      disabled={disabled}
      className="max-w-xs"
    />
  ) : (
    <TextField
      ref={ref}
      label="Code à 6 chiffres"
      hint="Le code affiché maintenant par votre application d'authentification."
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^0-9 ]/g, ''))}
      error={error}
      disabled={disabled}
      className="max-w-xs [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.3em]"
    />
  );
});

/** A 6-digit code is complete once its digits are there (spaces tolerated). */
export const isCompleteAppCode = (value: string) => value.replace(/\s/g, '').length === 6;

// The dialog's links between views ('S'inscrire', 'Se connecter', 'Retour à la connexion'): buttons,
// since they change the view rather than the page.
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@client/lib/cn';

export function DialogLink({ className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex min-h-6 items-center gap-1 rounded font-semibold text-brand-700 underline-offset-4 hover:underline',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...rest}
    />
  );
}

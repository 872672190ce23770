// The heart over a recipe's image. A visitor who presses it is asked to sign in (spec §5:
// favouriting requires login); a signed-in user toggles the favourite through onToggle.
import { Heart } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { useAuth, useAuthDialog } from '@client/app/auth';
import { cn } from '@client/lib/cn';

export type FavouriteButtonProps = {
  recipeName: string;
  isFavourite?: boolean;
  pending?: boolean;
  /** Called for a signed-in user only. */
  onToggle?: () => void;
  className?: string;
};

export function FavouriteButton({ recipeName, isFavourite = false, pending = false, onToggle, className }: FavouriteButtonProps) {
  const { user } = useAuth();
  const authDialog = useAuthDialog();

  const press = () => {
    if (!user) {
      toast.error('Connexion requise', { description: 'Vous devez être connecté pour gérer vos favoris.' });
      authDialog.open('login');
      return;
    }
    onToggle?.();
  };

  return (
    <button
      type="button"
      onClick={press}
      disabled={pending}
      aria-pressed={user ? isFavourite : undefined}
      aria-label={isFavourite ? `Retirer « ${recipeName} » des favoris` : `Ajouter « ${recipeName} » aux favoris`}
      className={cn(
        // z-10 lifts it over the card's full-size link; the caller positions it (e.g. absolute corner).
        'z-10 inline-flex size-11 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-md transition',
        'hover:scale-105 hover:bg-white disabled:opacity-60',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', isFavourite && 'fill-current')} />
    </button>
  );
}

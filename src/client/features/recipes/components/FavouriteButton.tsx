// The heart over a recipe's image. A visitor who presses it is asked to sign in (spec §5:
// favouriting requires login), and the recipe is favourited once signed in (useFavorites takes the
// pending action); a signed-in user toggles the favourite through onToggle.
import { Heart } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { rememberPendingAction, useAuth, useAuthDialog } from '@client/app/auth';
import { cn } from '@client/lib/cn';

export type FavouriteButtonProps = {
  recipeId: string;
  recipeName: string;
  isFavourite?: boolean;
  /** A change is on its way to the server: the press is left to onToggle, which ignores it. */
  pending?: boolean;
  /** Called for a signed-in user only. */
  onToggle?: () => void;
  className?: string;
};

export function FavouriteButton({ recipeId, recipeName, isFavourite = false, pending = false, onToggle, className }: FavouriteButtonProps) {
  const { status, user } = useAuth();
  const authDialog = useAuthDialog();

  const press = () => {
    // Until the session is known, a press would ask a signed-in user to sign in: wait for it.
    if (status === 'loading') return;
    if (!user) {
      toast.error('Connexion requise', { description: 'Vous devez être connecté pour gérer vos favoris.' });
      rememberPendingAction({ kind: 'favourite', recipeId });
      authDialog.open('login');
      return;
    }
    onToggle?.();
  };

  return (
    <button
      type="button"
      onClick={press}
      // Not disabled while pending: a disabled button drops keyboard focus, and the heart has
      // already flipped (optimistic), so it stays pressable-looking and simply waits.
      aria-busy={pending || undefined}
      // A toggle keeps one name; aria-pressed says whether the recipe is among the favourites.
      aria-pressed={user ? isFavourite : undefined}
      aria-label={`Ajouter « ${recipeName} » aux favoris`}
      className={cn(
        // z-10 lifts it over the card's full-size link; the caller positions it (e.g. absolute corner).
        'z-10 inline-flex size-11 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-md transition',
        'hover:scale-105 hover:bg-white',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5 transition-transform', isFavourite && 'scale-110 fill-current')} />
    </button>
  );
}

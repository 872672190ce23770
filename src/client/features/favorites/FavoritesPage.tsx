import { ComingSoon } from '@client/features/coming/components/ComingSoon';

export default function FavoritesPage() {
  return (
    <ComingSoon
      title="Mes Recettes Favorites"
      coming="vous y retrouverez les recettes que vous aurez ajoutées d'un clic sur le cœur."
      action={{ to: '/recettes', label: 'Découvrir les recettes' }}
    />
  );
}

import { ComingSoon } from './components/ComingSoon';

export default function PurchasesPage() {
  return (
    <ComingSoon
      title="Mes Achats"
      coming="l'historique de vos cours achetés, avec l'accès aux vidéos et aux enregistrements des cours en direct."
      action={{ to: '/cours', label: 'Voir les cours' }}
    />
  );
}

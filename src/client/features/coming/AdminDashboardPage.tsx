import { ComingSoon } from './components/ComingSoon';

export default function AdminDashboardPage() {
  return (
    <ComingSoon
      title="Tableau de Bord Admin"
      coming="la gestion des réservations et des liens de visioconférence, des recettes et la création de cours."
    />
  );
}

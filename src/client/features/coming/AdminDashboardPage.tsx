import { ButtonLink } from '@client/components/ui/Button';
import { ComingSoon } from './components/ComingSoon';

export default function AdminDashboardPage() {
  return (
    <ComingSoon
      title="Tableau de Bord Admin"
      coming="la gestion des réservations et des liens de visioconférence, des recettes et la création de cours."
    >
      {/* Orders and refunds already work: the way there, above the placeholder's own way on. */}
      <ButtonLink to="/admin/commandes" variant="secondary" className="mt-8">
        Commandes et remboursements
      </ButtonLink>
    </ComingSoon>
  );
}

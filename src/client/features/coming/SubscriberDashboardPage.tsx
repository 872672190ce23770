import { ComingSoon } from './components/ComingSoon';

export default function SubscriberDashboardPage() {
  return (
    <ComingSoon
      title="Espace Abonné"
      coming="l'état de votre abonnement, sa date de renouvellement, son historique et la possibilité de l'annuler."
    />
  );
}

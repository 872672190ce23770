import { useParams } from 'react-router';
import { ComingSoon } from './components/ComingSoon';

export default function PaymentPage() {
  // The same page serves /payment/subscription and /payment/:courseId.
  const { courseId } = useParams();
  return (
    <ComingSoon
      title="Finalisez votre réservation"
      coming="le paiement sécurisé par carte de vos cours et de votre abonnement."
      action={courseId ? { to: `/cours/${encodeURIComponent(courseId)}`, label: 'Retour au cours' } : { to: '/abonnement', label: "Retour à l'abonnement" }}
    />
  );
}

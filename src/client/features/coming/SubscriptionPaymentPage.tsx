import { ComingSoon } from './components/ComingSoon';

/** /payment/subscription: the membership's payment arrives with the membership issue. */
export default function SubscriptionPaymentPage() {
  return (
    <ComingSoon
      title="Paiement de l'abonnement"
      coming="le paiement sécurisé de votre abonnement mensuel à 19,99 CAD."
      action={{ to: '/abonnement', label: "Retour à l'abonnement" }}
    />
  );
}

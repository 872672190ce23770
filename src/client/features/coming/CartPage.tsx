import { ComingSoon } from './components/ComingSoon';

export default function CartPage() {
  return (
    <ComingSoon
      title="Mon Panier"
      coming="les cours que vous aurez mis de côté, à réserver ou à payer, avec le total de votre commande."
      action={{ to: '/cours', label: 'Voir les cours' }}
    />
  );
}

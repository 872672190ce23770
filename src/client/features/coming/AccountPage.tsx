import { ComingSoon } from './components/ComingSoon';

export default function AccountPage() {
  return (
    <ComingSoon
      title="Mon Compte"
      coming="vous pourrez y modifier votre nom, votre téléphone, votre adresse, votre photo et votre mot de passe."
    />
  );
}

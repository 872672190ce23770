import { ComingSoon } from '@client/features/coming/components/ComingSoon';

export default function AccountPage() {
  return (
    <ComingSoon
      title="Mon Compte"
      coming="vous pourrez y modifier votre nom, votre téléphone, votre adresse, votre photo et votre mot de passe."
    />
  );
}

import { ComingSoon } from './components/ComingSoon';

export default function OwnChefProfilePage() {
  return (
    <ComingSoon
      title="Mon profil de chef"
      coming="votre profil public de chef tel que les visiteurs le voient, avec vos cours et le lien pour le modifier."
    />
  );
}

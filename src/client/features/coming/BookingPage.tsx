import { useParams } from 'react-router';
import { ComingSoon } from './components/ComingSoon';

export default function BookingPage() {
  const { courseId = '' } = useParams();
  return (
    <ComingSoon
      title="Réservez votre cours"
      coming="vous y choisirez la séance qui vous convient et réserverez votre place avant de passer au paiement."
      action={{ to: `/cours/${encodeURIComponent(courseId)}`, label: 'Retour au cours' }}
    />
  );
}

import { ComingSoon } from './components/ComingSoon';

export default function CalendarPage() {
  return (
    <ComingSoon
      title="Mon Calendrier"
      coming="vos séances réservées par mois, semaine ou jour, le lien de chaque cours et la synchronisation avec votre agenda."
    />
  );
}

// /reserver-un-cours (spec: requires login; a visitor gets a toast and goes home). Booking arrives
// with a later issue, so a signed-in user reads what is coming.
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { PageSpinner } from '@client/components/ui/Spinner';
import { useAuth } from '@client/app/auth';
import { ComingSoon } from './components/ComingSoon';

export default function BookingHubPage() {
  const { status } = useAuth();

  useEffect(() => {
    // A fixed id: the toast is shown once even if the effect runs twice.
    if (status === 'signed-out') toast.error('Vous devez être connecté pour réserver un cours.', { id: 'booking-login-required' });
  }, [status]);

  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-out') return <Navigate to="/" replace />;
  return (
    <ComingSoon
      title="Réserver un cours"
      coming="vous y choisirez un cours en direct et la séance qui vous convient, puis réserverez votre place."
      action={{ to: '/cours', label: 'Voir les cours' }}
    />
  );
}

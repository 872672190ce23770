// The admin area's door: the page asked for shows only once this session gave the second factor;
// before that, the enrolment (first visit) or the verification screen shows in its place, at the
// same address, so the page asked for appears right after.
import { useState, type ReactNode } from 'react';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageSpinner } from '@client/components/ui/Spinner';
import { EnrolmentScreen } from './EnrolmentScreen';
import { RecoveryCodesScreen } from './RecoveryCodesScreen';
import { VerificationScreen } from './VerificationScreen';
import { useConfirmEnrolment, useSecondFactorStatus } from './api';

export default function SecondFactorGate({ children }: { children: ReactNode }) {
  const status = useSecondFactorStatus();
  const { done } = useConfirmEnrolment();
  // Kept here, not in the enrolment screen: the session is verified by then, and the codes must
  // stay on screen until their keeping is acknowledged.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return (
      <RecoveryCodesScreen
        codes={recoveryCodes}
        onDone={() => {
          done(recoveryCodes.length);
          setRecoveryCodes(null);
        }}
      />
    );
  }
  if (status.isPending) return <PageSpinner label="Vérification de la double authentification…" />;
  if (status.isError) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <ErrorPanel title="Impossible de vérifier la double authentification." message={status.error.message} onRetry={() => void status.refetch()} />
      </div>
    );
  }
  if (!status.data.required || status.data.verified) return <>{children}</>;
  if (!status.data.enrolled) return <EnrolmentScreen onConfirmed={setRecoveryCodes} />;
  return <VerificationScreen />;
}

// The payment page's loading screen (spec: 'Préparation du paiement sécurisé...').
import { Spinner } from '@client/components/ui/Spinner';

export function PaymentLoading({ label = 'Préparation du paiement sécurisé...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center text-brand-700">
      <Spinner className="size-10" />
      <p className="text-lg font-medium text-ink">{label}</p>
    </div>
  );
}

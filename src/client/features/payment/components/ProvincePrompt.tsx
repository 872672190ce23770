// The payment page's province question (PROVINCE_REQUIRED), as a card above the payment.
import { MapPin } from 'lucide-react';
import type { ProvinceCode } from '@shared/provinces';
import { ProvinceForm } from './ProvinceForm';

type ProvincePromptProps = {
  message: string;
  busy: boolean;
  onSubmit: (province: ProvinceCode) => void;
};

export function ProvincePrompt({ message, busy, onSubmit }: ProvincePromptProps) {
  return (
    <section aria-labelledby="province-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="province-title" className="flex items-center gap-2 text-xl font-semibold text-ink">
        <MapPin aria-hidden="true" className="size-5 text-brand-700" />
        Votre province de résidence
      </h2>
      <p className="mt-2 text-muted">{message}</p>
      <ProvinceForm busy={busy} onSubmit={onSubmit} className="mt-4" buttonClassName="w-full sm:w-auto" />
    </section>
  );
}

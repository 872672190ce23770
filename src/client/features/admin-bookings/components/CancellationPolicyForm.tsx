// « Politique d'annulation » under Réservations (docs/decisions/0051): the hours before a class until
// which a cancellation is refunded in full, and until which a booking may be transferred (another
// session, someone else, « Crédit Toque »). Both 48 by default; each change is audited on the server.
import type { CancellationPolicy } from '@shared/booking';
import { cancellationPolicySchema } from '@shared/schemas/transfers';
import { HoursPolicyForm, type HoursPolicy } from './HoursPolicyForm';

const POLICY: HoursPolicy<CancellationPolicy> = {
  path: '/admin/cancellation-policy',
  schema: cancellationPolicySchema,
  title: "Politique d'annulation",
  description: 'En heures avant le début du cours. Les changements valent aussitôt pour toutes les réservations.',
  fields: [
    { name: 'refundNoticeHours', label: "Remboursement complet jusqu'à (heures avant)" },
    { name: 'transferUntilHours', label: "Transfert possible jusqu'à (heures avant)" },
  ],
  submitLabel: 'Enregistrer la politique',
  saved: ['Politique enregistrée', "La politique d'annulation est à jour."],
};

export function CancellationPolicyForm() {
  return <HoursPolicyForm policy={POLICY} />;
}

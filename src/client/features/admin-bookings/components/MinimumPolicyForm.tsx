// « Minimum d'inscriptions » under Réservations (docs/decisions/0048): how long before a session with a
// minimum it is checked, and how long its chef then has to keep or cancel it (96 h and 12 h by
// default; the decision must fall before the kit goes out, 72 h before). Audited on the server, and
// every future check planned again at its new moment.
import type { MinimumPolicy } from '@shared/booking';
import { minimumPolicySchema } from '@shared/schemas/minimum-enrolment';
import { MINIMUM_POLICY_PATH } from '../api';
import { HoursPolicyForm, type HoursPolicy } from './HoursPolicyForm';

const POLICY: HoursPolicy<MinimumPolicy> = {
  path: MINIMUM_POLICY_PATH,
  schema: minimumPolicySchema,
  title: "Minimum d'inscriptions",
  description:
    "Pour les séances qui ont un minimum : quand le vérifier, et combien de temps vous avez pour maintenir ou annuler une séance qui ne l'atteint pas. Sans réponse, elle est annulée.",
  fields: [
    { name: 'checkHours', label: 'Vérification (heures avant le cours)' },
    { name: 'answerHours', label: 'Délai pour répondre (heures)' },
  ],
  submitLabel: 'Enregistrer le réglage',
  saved: ['Réglage enregistré', "Les prochaines vérifications suivent le nouveau réglage."],
};

export function MinimumPolicyForm() {
  return <HoursPolicyForm policy={POLICY} />;
}


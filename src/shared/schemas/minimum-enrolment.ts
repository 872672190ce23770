// « Minimum d'inscriptions » (docs/decisions/0048), the school's setting under Réservations: how long
// before a session its minimum is checked, and how long its chef then has to answer. The answer (or
// the cancellation without one) must come before the kit goes out, 72 h before the class.
import { PREP_KIT_LEAD_HOURS } from '../prep-kit';
import { z } from '../zod';

const hours = (label: string, max: number) =>
  z
    .number({ error: `${label} : un nombre d'heures.` })
    .int({ error: `${label} : un nombre entier d'heures.` })
    .min(1, { error: `${label} : au moins 1 heure.` })
    .max(max, { error: `${label} : au plus ${max} heures.` });

/** GET/PUT /api/admin/minimum-policy (admin; audited). */
export const minimumPolicySchema = z
  .object({
    checkHours: hours('Vérification', 720),
    answerHours: hours('Délai de réponse', 168),
  })
  .strict()
  .refine((p) => p.checkHours - p.answerHours >= PREP_KIT_LEAD_HOURS, {
    path: ['checkHours'],
    error: `La décision doit tomber avant l'envoi de la trousse (${PREP_KIT_LEAD_HOURS} h avant le cours) : la vérification moins le délai de réponse doit laisser au moins ${PREP_KIT_LEAD_HOURS} heures.`,
  });

// The allergen and diet tags of the admin's recipe and course forms (@shared/dietary), checked the
// same in the browser and on the server. Absent: left as they are (an update) or not yet given (a
// new entry, whose allergens then stay unknown and out of every « Sans … » listing).
import { MAX_SEATS_PER_BOOKING } from '../booking';
import { ALLERGENS, DIETARY_FILTERS, DIETS, inListOrder, NEED_NOTE_MAX, SUBSTITUTION_MAX, type KitSubstitutions } from '../dietary';
import { z } from '../zod';

export const dietaryTagFields = {
  allergens: z
    .array(z.enum(ALLERGENS, { error: 'Allergène inconnu.' }), { error: 'Allergènes invalides.' })
    .max(ALLERGENS.length, { error: 'Allergènes invalides.' })
    .transform((v) => inListOrder(ALLERGENS, v))
    .optional(),
  diets: z
    .array(z.enum(DIETS, { error: 'Régime inconnu.' }), { error: 'Régimes invalides.' })
    .max(DIETS.length, { error: 'Régimes invalides.' })
    .transform((v) => inListOrder(DIETS, v))
    .optional(),
};

/** One seat's needs at booking and on the booking's page (docs/decisions/0053). */
export const seatNeedsField = z.object({
  needs: z
    .array(z.enum(DIETARY_FILTERS, { error: 'Besoin alimentaire inconnu.' }), { error: 'Besoins alimentaires invalides.' })
    .max(DIETARY_FILTERS.length, { error: 'Besoins alimentaires invalides.' })
    .transform((v) => inListOrder(DIETARY_FILTERS, v)),
  note: z
    .string({ error: 'Précisions invalides.' })
    .trim()
    .max(NEED_NOTE_MAX, { error: `Les précisions ne doivent pas dépasser ${NEED_NOTE_MAX} caractères.` })
    .default(''),
});

/** The needs of every seat, the learner's first (at most 6: one per seat). */
export const seatNeedsListField = z.array(seatNeedsField).max(MAX_SEATS_PER_BOOKING, { error: 'Un seul choix de besoins par place.' });

/** PUT /api/booking/reservations/:id/dietary-needs — the seats' needs, until the kit goes out. */
export const dietaryNeedsUpdateSchema = z.object({ needs: seatNeedsListField }).strict();
export type DietaryNeedsUpdateInput = z.input<typeof dietaryNeedsUpdateSchema>;

/** The course's kit substitutions, one text per need; an empty text removes it. */
export const kitSubstitutionsField = z
  .partialRecord(
    z.enum(DIETARY_FILTERS, { error: 'Besoin alimentaire inconnu.' }),
    z.string({ error: 'Substitution invalide.' }).trim().max(SUBSTITUTION_MAX, { error: `Une substitution ne doit pas dépasser ${SUBSTITUTION_MAX} caractères.` }),
  )
  .transform((v): KitSubstitutions => Object.fromEntries(DIETARY_FILTERS.flatMap((k) => (v[k] ? [[k, v[k]]] : []))));

// The allergen and diet tags of the admin's recipe and course forms (@shared/dietary), checked the
// same in the browser and on the server. Absent: left as they are (an update) or not yet given (a
// new entry, whose allergens then stay unknown and out of every « Sans … » listing).
import { ALLERGENS, DIETS, inListOrder } from '../dietary';
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

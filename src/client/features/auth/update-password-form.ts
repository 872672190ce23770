// The /update-password form: both fields required, the new password under the shared policy
// (the server applies it too). The confirmation is compared on submit (spec §5: a mismatch is a toast).
import { newPasswordSchema } from '@shared/password';
import { z } from '@shared/zod';

export const updatePasswordFormSchema = z.object({
  newPassword: z.string().min(1, { message: 'Le nouveau mot de passe est requis.' }).pipe(newPasswordSchema),
  confirmPassword: z.string().min(1, { message: 'Confirmez le nouveau mot de passe.' }),
});

export const PASSWORDS_DIFFER = 'Les mots de passe ne correspondent pas.';

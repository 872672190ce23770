// The password card's form: the server's contract plus the confirmation, which only the form has.
import { changePasswordSchema } from '@shared/schemas/auth';
import { z } from '@shared/zod';

export const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Les mots de passe ne correspondent pas.',
  });

export type PasswordFormValues = z.input<typeof passwordFormSchema>;

export const EMPTY_PASSWORD_FORM: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

// The password rules, shared by the server (which enforces them) and the forms (which explain them).
import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { z } from './zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: 'Le mot de passe doit contenir au moins 8 caractères.',
  tooLong: 'Le mot de passe doit contenir au plus 128 caractères.',
  common: 'Ce mot de passe est trop courant. Choisissez-en un autre.',
} as const;

let common: Set<string> | undefined;

/** True when the password is in the shipped list of very common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean));
  return common.has(password.toLowerCase());
}

/** The French reason a new password is refused, or null when it is acceptable. No composition rules. */
export function passwordProblem(password: string): string | null {
  // Length counts characters as people see them (code points), not UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
}

/** A new password (sign-up, change, reset). */
export const newPasswordSchema = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

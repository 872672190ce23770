// Password reset, our own flow (Better Auth 1.3 keeps its reset tokens in plain text): a random
// token mailed as a link to PUBLIC_URL/update-password, only its SHA-256 stored, valid
// RESET_LINK_MINUTES, single use; spending it replaces the password and ends every session.
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from './password-hash';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { Mail, Mailer } from '../../integrations/mail/mailer';
import { findUserByEmail, replaceResetToken, spendResetToken, touchNoResetToken } from './password-reset-repository';
import { passwordChangedMail, RESET_LINK_MINUTES, resetPasswordMail } from './reset-mail';

/** 256 bits from the system's CSPRNG, base64url in the link (43 characters). */
const TOKEN_BYTES = 32;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createPasswordReset(deps: Deps, mailer: Mailer, onPasswordReplaced: (userId: string) => Promise<void> = async () => {}) {
  const { db } = deps.database;
  const publicUrl = deps.config.publicUrl;

  /**
   * Not awaited: a known address must not answer later than an unknown one by the mail server's
   * round trip. A failure is logged (the owner can ask again).
   */
  function sendInBackground(mail: Mail, what: string) {
    mailer.send(mail).catch((err: unknown) => deps.logger.error({ err }, `${what} e-mail not sent`));
  }

  /** Same work and same (empty) outcome for an unknown address; only a known one gets an e-mail. */
  async function request(email: string): Promise<void> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const tokenHash = hashResetToken(token);
    const user = await findUserByEmail(db, email);
    if (!user) {
      await touchNoResetToken(db, tokenHash);
      return;
    }
    const expiresAt = new Date(deps.now().getTime() + RESET_LINK_MINUTES * 60_000);
    await replaceResetToken(db, user.id, tokenHash, expiresAt);
    sendInBackground(resetPasswordMail(user, publicUrl, token), 'password-reset');
  }

  async function reset(token: string, newPassword: string): Promise<void> {
    // Hashed before the token is looked at, with the library's own function (sign-in verifies it):
    // a wrong token costs the same time as a right one, and no transaction waits on scrypt.
    const passwordHash = await hashPassword(newPassword);
    const user = await spendResetToken(db, hashResetToken(token), passwordHash, deps.now());
    if (!user) throw new AppError('INVALID_RESET_TOKEN');
    await onPasswordReplaced(user.id);
    sendInBackground(passwordChangedMail(user, publicUrl), 'password-changed');
  }

  /** After a password change from the account page: the same notice as after a reset. */
  async function notifyChanged(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (user) sendInBackground(passwordChangedMail(user, publicUrl), 'password-changed');
  }

  return { request, reset, notifyChanged };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;

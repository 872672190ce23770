// The admin's second factor: enrolment (secret + QR code, confirmed by a first code, which gives
// the recovery codes) and verification of a session (a code from the app, or a recovery code).
// Only admin accounts have one; a verified session is what requireAdmin asks for.
import type {
  SecondFactorConfirmation,
  SecondFactorEnrolment,
  SecondFactorStatus,
  SecondFactorVerification,
} from '@shared/schemas/second-factor';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SignedInViewer } from '../../http/guards';
import { createSecondFactorLimits } from './rate-limits';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import * as repo from './repository';
import { openSecret, sealSecret } from './secret-box';
import { groupSecret, matchingStep, newSecret, otpauthUri } from './totp';
import { recordAudit } from '../audit/service';

/** The account behind the session is an admin's, whether or not this session gave the factor yet. */
function adminAccount(viewer: SignedInViewer): void {
  if (viewer.adminSecondFactor === null) throw new AppError('TWO_FACTOR_NOT_ALLOWED');
}

const isAppCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

export function createSecondFactorService(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>) {
  const db = () => deps.database.db;
  const limits = createSecondFactorLimits(deps.database.db);

  /**
   * The stored secret, opened with the key of today's AUTH_SECRET. Sealed under another one (the
   * secret was changed), it never opens again: the operator must remove the enrolment, so this is
   * logged for them; the admin is told what to do (a confirmed one: a recovery code or the operator;
   * a pending one: enrol again). Checked before an attempt is counted: no code was tried.
   */
  function open(sealed: string, userId: string, confirmed: boolean): string {
    try {
      return openSecret(deps.config.authSecret, sealed, userId);
    } catch (err) {
      deps.logger.error(
        { err, userId },
        "secret TOTP d'administration illisible (AUTH_SECRET changé ?) : réinitialiser la double authentification de ce compte (docs/operations.md)",
      );
      throw new AppError(confirmed ? 'TWO_FACTOR_UNREADABLE' : 'TWO_FACTOR_ENROLMENT_REQUIRED');
    }
  }

  /** Counts the attempt, runs the check; a good code clears the failures, a bad one → 400. */
  async function limited(userId: string, check: () => Promise<boolean>): Promise<void> {
    await limits.consume(userId);
    if (!(await check())) throw new AppError('TWO_FACTOR_CODE_INVALID');
    await limits.reset(userId);
  }

  return {
    async status(viewer: SignedInViewer): Promise<SecondFactorStatus> {
      if (viewer.adminSecondFactor === null) return { required: false, enrolled: false, verified: false, recoveryCodesLeft: 0 };
      const enrolled = viewer.adminSecondFactor !== 'not_enrolled';
      return {
        required: true,
        enrolled,
        verified: viewer.adminSecondFactor === 'verified',
        recoveryCodesLeft: enrolled ? await repo.countRecoveryCodesLeft(db(), viewer.userId) : 0,
      };
    },

    async startEnrolment(viewer: SignedInViewer): Promise<SecondFactorEnrolment> {
      adminAccount(viewer);
      const email = await repo.emailOf(db(), viewer.userId);
      if (!email) throw new AppError('UNAUTHENTICATED');
      const secret = newSecret();
      const saved = await repo.savePendingSecret(db(), viewer.userId, sealSecret(deps.config.authSecret, secret, viewer.userId), deps.now());
      if (!saved) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const uri = otpauthUri(secret, email);
      // Loaded when a second factor is set up, not at start-up.
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { otpauthUri: uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret: groupSecret(secret) };
    },

    async confirmEnrolment(viewer: SignedInViewer, code: string): Promise<SecondFactorConfirmation> {
      adminAccount(viewer);
      const factor = await repo.findFactor(db(), viewer.userId);
      if (factor?.confirmedAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      if (!factor) throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED');
      const now = deps.now();
      const recoveryCodes = newRecoveryCodes();
      const secret = open(factor.secret, viewer.userId, false);
      await limited(viewer.userId, async () => {
        const step = isAppCode(code) ? matchingStep(secret, code.replace(/\s/g, ''), now) : null;
        if (step === null) return false;
        return db().transaction(async (tx) => {
          if (!(await repo.confirmFactor(tx, viewer.userId, step, now))) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
          await repo.replaceRecoveryCodes(tx, viewer.userId, recoveryCodes.map(hashRecoveryCode), now);
          await repo.markSessionVerified(tx, viewer.sessionId, now);
          // The admin's own security in the back office's trail (never the secret or the codes).
          await recordAudit(tx, {
            actorId: viewer.userId,
            action: 'account.second_factor',
            targetType: 'user',
            targetId: viewer.userId,
            details: { enrolled: { from: false, to: true }, recoveryCodes: recoveryCodes.length },
          });
          return true;
        });
      });
      return { recoveryCodes };
    },

    async verify(viewer: SignedInViewer, code: string): Promise<SecondFactorVerification> {
      adminAccount(viewer);
      const factor = await repo.findFactor(db(), viewer.userId);
      if (!factor?.confirmedAt) throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED');
      const now = deps.now();
      // A recovery code is only hashed: it still works when the secret no longer opens.
      const secret = isAppCode(code) ? open(factor.secret, viewer.userId, true) : null;
      await limited(viewer.userId, async () => {
        if (secret !== null) {
          const step = matchingStep(secret, code.replace(/\s/g, ''), now);
          // A code already used (or older than one used) is refused: someone who saw it gets nothing.
          if (step === null || !(await repo.useStep(db(), viewer.userId, step, now))) return false;
        } else if (!(await repo.useRecoveryCode(db(), viewer.userId, hashRecoveryCode(code), now))) {
          return false;
        }
        await repo.markSessionVerified(db(), viewer.sessionId, now);
        return true;
      });
      return { verified: true, recoveryCodesLeft: await repo.countRecoveryCodesLeft(db(), viewer.userId) };
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

// For the session check of every admin request (auth/service.ts): one indexed read, no service state.
export { adminSecondFactorOf } from './repository';

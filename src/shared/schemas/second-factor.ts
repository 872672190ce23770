// The admin's second factor (TOTP app + recovery codes): /api/account/second-factor.
import { z } from '../zod';

/** GET /api/account/second-factor — `required` is true for an admin account only. */
export type SecondFactorStatus = {
  required: boolean;
  enrolled: boolean;
  /** This session gave the second factor (admin actions need it). */
  verified: boolean;
  recoveryCodesLeft: number;
};

/** POST /api/account/second-factor/enrolment — what the app needs, shown once per attempt. */
export type SecondFactorEnrolment = {
  otpauthUri: string;
  /** The QR code of otpauthUri, an SVG drawn on the server (data: URL). */
  qrCode: string;
  /** The secret in groups of four, to type by hand when the camera cannot be used. */
  secret: string;
};

/** POST …/enrolment/confirm — the recovery codes, shown this once (only their hashes are kept). */
export type SecondFactorConfirmation = { recoveryCodes: string[] };

/** POST …/verify */
export type SecondFactorVerification = { verified: true; recoveryCodesLeft: number };

export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the app, or (for verify) a recovery code. Spaces are tolerated. */
export const secondFactorCodeSchema = z
  .object({
    code: z
      .string({ message: 'Entrez le code à 6 chiffres de votre application.' })
      .trim()
      .min(1, { message: 'Entrez le code à 6 chiffres de votre application.' })
      .max(40, { message: 'Ce code est trop long.' }),
  })
  .strict();

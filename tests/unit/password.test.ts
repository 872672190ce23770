import { describe, expect, it } from 'vitest';
import { isCommonPassword, PASSWORD_MESSAGES, passwordProblem } from '../../src/shared/password';
import { COMMON_PASSWORDS_TEXT } from '../../src/shared/common-passwords';

describe('password policy', () => {
  it('needs 8 to 128 characters, counted as characters (an emoji is one)', () => {
    expect(passwordProblem('x'.repeat(7))).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('Zq4-vR8k')).toBeNull();
    expect(passwordProblem('é'.repeat(128))).toBeNull();
    expect(passwordProblem('🍁'.repeat(128))).toBeNull();
    expect(passwordProblem('🍁'.repeat(7))).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('x'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('says the minimum in the agreed French words', () => {
    expect(PASSWORD_MESSAGES.tooShort).toBe('Le mot de passe doit contenir au moins 8 caractères.');
  });

  it('refuses very common passwords whatever their case, and has no composition rule', () => {
    for (const p of ['password123', 'PassWord123', 'azerty123', 'motdepasse', 'qwertyuiop', '12345678', 'Soleil2024']) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(passwordProblem(p), p).toBe(PASSWORD_MESSAGES.common);
    }
    expect(passwordProblem('tartealasucre de grand-maman')).toBeNull();
  });

  it('ships a list of a few thousand lower-case entries, none shorter than the minimum', () => {
    const entries = COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean);
    expect(entries.length).toBeGreaterThan(3000);
    expect(entries.every((e) => e === e.toLowerCase() && e.length >= 8)).toBe(true);
  });
});

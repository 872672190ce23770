import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@shared/password';
import { resetTokenFrom } from '@client/features/auth/reset-token';
import { updatePasswordFormSchema } from '@client/features/auth/update-password-form';

describe('reset token of /update-password', () => {
  it("comes from the link's ?token=, or from the history entry once moved there", () => {
    expect(resetTokenFrom('', null)).toBeNull();
    expect(resetTokenFrom('?token=', null)).toBeNull();
    expect(resetTokenFrom('?other=1', { resetToken: '' })).toBeNull();
    expect(resetTokenFrom('?token=abc', null)).toBe('abc');
    expect(resetTokenFrom('', { resetToken: 'xyz' })).toBe('xyz');
    expect(resetTokenFrom('?token=abc', { resetToken: 'xyz' })).toBe('xyz');
  });
});

describe('the /update-password form', () => {
  const messages = (input: { newPassword: string; confirmPassword: string }) => {
    const result = updatePasswordFormSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('requires both fields', () => {
    expect(messages({ newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: 'Le nouveau mot de passe est requis.',
      confirmPassword: 'Confirmez le nouveau mot de passe.',
    });
  });

  it('applies the shared password policy, in French', () => {
    expect(messages({ newPassword: 'court', confirmPassword: 'court' })).toEqual({ newPassword: PASSWORD_MESSAGES.tooShort });
    expect(messages({ newPassword: 'password123', confirmPassword: 'password123' })).toEqual({ newPassword: PASSWORD_MESSAGES.common });
    expect(messages({ newPassword: 'Tourtière-du-Lac-42', confirmPassword: 'autre chose' })).toEqual({});
  });
});

// How a membership reads on the dashboard (labels, colours), when the expiry warning shows and what
// it says, how long the activation page keeps asking, and which realtime changes are toasted.
import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_PATIENCE_MS,
  activationPollDelay,
  expiryWarningDays,
  expiryWarningText,
  statusLabel,
  statusTone,
  subscriptionChangeToast,
} from '@client/features/subscription/status';

const NOW = new Date('2030-03-10T12:00:00.000Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

describe('status', () => {
  it('reads in French, capitalised', () => {
    expect(statusLabel('active')).toBe('Actif');
    expect(statusLabel('trialing')).toBe("En période d'essai");
    expect(statusLabel('past_due')).toBe('En retard de paiement');
    expect(statusLabel('canceled')).toBe('Annulé');
    expect(statusLabel('incomplete')).toBe('En attente de paiement');
    expect(statusLabel('unpaid')).toBe('Impayé');
    // A status a newer server sends: shown as sent, capitalised.
    expect(statusLabel('paused_by_bank')).toBe('Paused by bank');
  });

  it('is green while active or trialing, yellow otherwise (spec §4)', () => {
    expect(statusTone('active')).toBe('green');
    expect(statusTone('trialing')).toBe('green');
    for (const s of ['past_due', 'canceled', 'incomplete', 'unpaid', 'other']) expect(statusTone(s)).toBe('yellow');
  });
});

describe('expiry warning (spec §9: period end 0 to 7 days away)', () => {
  it('counts calendar days left where the viewer is, from 0 to 7', () => {
    expect(expiryWarningDays({ status: 'active', currentPeriodEnd: inDays(7) }, NOW)).toBe(7);
    expect(expiryWarningDays({ status: 'active', currentPeriodEnd: inDays(3) }, NOW)).toBe(3);
    expect(expiryWarningDays({ status: 'past_due', currentPeriodEnd: inDays(1) }, NOW)).toBe(1);
    expect(expiryWarningDays({ status: 'active', currentPeriodEnd: NOW.toISOString() }, NOW)).toBe(0);
    // Two hours before midnight (local), ending an hour after it: tomorrow, 1 day.
    const lateEvening = new Date(2030, 2, 10, 22, 0);
    expect(expiryWarningDays({ status: 'active', currentPeriodEnd: new Date(2030, 2, 11, 1, 0).toISOString() }, lateEvening)).toBe(1);
    expect(expiryWarningDays({ status: 'active', currentPeriodEnd: new Date(2030, 2, 10, 23, 0).toISOString() }, lateEvening)).toBe(0);
  });

  it('says nothing beyond 7 days, after the end, without a date, or for a canceled subscription', () => {
    expect(expiryWarningDays({ status: 'active', currentPeriodEnd: inDays(8) }, NOW)).toBeNull();
    expect(expiryWarningDays({ status: 'active', currentPeriodEnd: inDays(30) }, NOW)).toBeNull();
    expect(expiryWarningDays({ status: 'active', currentPeriodEnd: inDays(-1) }, NOW)).toBeNull();
    expect(expiryWarningDays({ status: 'active', currentPeriodEnd: null }, NOW)).toBeNull();
    expect(expiryWarningDays({ status: 'canceled', currentPeriodEnd: inDays(3) }, NOW)).toBeNull();
    expect(expiryWarningDays(null, NOW)).toBeNull();
  });

  it("reads 'Votre abonnement expire dans {n} jours.'", () => {
    expect(expiryWarningText(5)).toBe('Votre abonnement expire dans 5 jours.');
    expect(expiryWarningText(1)).toBe('Votre abonnement expire dans 1 jour.');
    expect(expiryWarningText(0)).toBe('Votre abonnement expire dans 0 jour.');
  });
});

describe('activation wait', () => {
  it('asks every second, then less often, and stops once the patience is spent', () => {
    expect(activationPollDelay(0)).toBe(1_000);
    expect(activationPollDelay(9_999)).toBe(1_000);
    expect(activationPollDelay(10_000)).toBe(2_000);
    expect(activationPollDelay(45_000)).toBe(4_000);
    expect(activationPollDelay(ACTIVATION_PATIENCE_MS)).toBeNull();
  });
});

describe('realtime toast (spec §4)', () => {
  it('when the status became active or canceled, and only then', () => {
    expect(subscriptionChangeToast({ status: 'active', previousStatus: 'incomplete' })).toBe('activated');
    expect(subscriptionChangeToast({ status: 'active', previousStatus: null })).toBe('activated');
    expect(subscriptionChangeToast({ status: 'active', previousStatus: 'past_due' })).toBe('activated');
    expect(subscriptionChangeToast({ status: 'canceled', previousStatus: 'active' })).toBe('canceled');
    // Cancellation scheduled (still active), a renewal, a failed renewal: no toast.
    expect(subscriptionChangeToast({ status: 'active', previousStatus: 'active' })).toBeNull();
    expect(subscriptionChangeToast({ status: 'past_due', previousStatus: 'active' })).toBeNull();
    expect(subscriptionChangeToast({ status: 'canceled', previousStatus: 'canceled' })).toBeNull();
  });
});

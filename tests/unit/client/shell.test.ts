import { describe, expect, it } from 'vitest';
import { CHEF_DEFAULT_BIO, CHEF_DEFAULT_SPECIALTY } from '@shared/catalog';
import { mediaSrcSet, mediaUrl } from '@client/components/ui/ResponsiveImage';
import { chefBio, chefInitial, chefSpecialty } from '@client/features/chefs/chef-text';
import { readPaymentResult } from '@client/features/payment/payment-result';

describe('payment result from the query (spec: payment return)', () => {
  const read = (q: string) => readPaymentResult(new URLSearchParams(q));

  it('is an error with "Paramètres de paiement invalides." when payment_intent or redirect_status is missing', () => {
    for (const q of ['', 'payment_intent=pi_1', 'redirect_status=succeeded', 'payment_intent=&redirect_status=succeeded']) {
      expect(read(q)).toEqual({ kind: 'error', message: 'Paramètres de paiement invalides.' });
    }
  });

  it('says the payment failed when the provider says so', () => {
    expect(read('payment_intent=pi_1&redirect_status=failed')).toEqual({
      kind: 'error',
      message: 'Le paiement a échoué. Veuillez réessayer ou utiliser un autre moyen de paiement.',
    });
  });

  it('never claims success from the query: it asks the server about the order', () => {
    expect(read('order_id=o_1&payment_intent=pi_1&redirect_status=succeeded')).toEqual({ kind: 'confirm', orderId: 'o_1', paymentIntent: 'pi_1', providerSaid: 'succeeded' });
  });
});

describe('chef card defaults (spec: chef list)', () => {
  it('falls back to the default specialty and bio when empty or blank', () => {
    expect(chefSpecialty({ specialty: null })).toBe(CHEF_DEFAULT_SPECIALTY);
    expect(chefSpecialty({ specialty: '  ' })).toBe(CHEF_DEFAULT_SPECIALTY);
    expect(chefSpecialty({ specialty: 'Pâtisserie' })).toBe('Pâtisserie');
    expect(chefBio({ bio: '' })).toBe(CHEF_DEFAULT_BIO);
    expect(chefBio({ bio: 'Une bio.' })).toBe('Une bio.');
  });

  it('uses the first letter of the name for the avatar fallback', () => {
    expect(chefInitial({ fullName: ' émilie Gagnon' })).toBe('É');
  });
});

describe('responsive image sources', () => {
  it('offers the five resized widths for our own media only', () => {
    expect(mediaSrcSet('/media/seed/recipes/tarte.webp')).toBe(
      '/media/seed/recipes/tarte.webp?w=320 320w, /media/seed/recipes/tarte.webp?w=480 480w, /media/seed/recipes/tarte.webp?w=640 640w, /media/seed/recipes/tarte.webp?w=768 768w, /media/seed/recipes/tarte.webp?w=1200 1200w',
    );
    expect(mediaSrcSet('/images/hero.svg')).toBeUndefined();
    expect(mediaUrl('/media/a.webp', 480)).toBe('/media/a.webp?w=480');
    expect(mediaUrl('https://exemple.test/a.jpg', 480)).toBe('https://exemple.test/a.jpg');
  });
});

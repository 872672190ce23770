// 'S'abonner': starts the first month's checkout and goes to /payment/subscription with the server's
// answer (order + payment) in navigation state. One request at a time, whatever the clicks (the ref
// closes the gap before React re-renders the disabled button). A random idempotency key per attempt:
// a repeated request never starts a second subscription, and the server returns a started, unpaid
// one anyway. PROVINCE_REQUIRED asks the province (taxes), then sends again with it. A promo code
// the server refuses is said under its field.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProvinceCode } from '@shared/provinces';
import type { MembershipPlan, SubscriptionCheckoutResponse } from '@shared/schemas/subscription';
import { ME_QUERY_KEY } from '@client/app/auth';
import { ApiError } from '@client/lib/api';
import { notifyError, notifyInfo } from '@client/lib/notify';
import { startSubscriptionCheckout } from './api';

/** What /payment/subscription reads from navigation state. */
export type SubscriptionPaymentState = SubscriptionCheckoutResponse;

const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export function useSubscribe({ onSignedOut, choice }: { onSignedOut: () => void; choice?: { plan: MembershipPlan; trial: boolean; code?: string } }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  /** The server's PROVINCE_REQUIRED message while the province is asked. */
  const [provinceNeeded, setProvinceNeeded] = useState<string | null>(null);
  /** The server's refusal of the promo code, in French, shown under its field (decision 0040). */
  const [codeError, setCodeError] = useState<string | null>(null);
  const inFlight = useRef(false);
  /** True while the province dialog is open: a late click on 'S'abonner' (the second of a double click
   * whose first answer came back fast) must not send again without the province. */
  const askingProvince = useRef(false);

  const closeProvince = useCallback(() => {
    askingProvince.current = false;
    setProvinceNeeded(null);
  }, []);

  const subscribe = useCallback(
    async (province?: ProvinceCode) => {
      if (inFlight.current || (askingProvince.current && !province)) return;
      inFlight.current = true;
      setPending(true);
      setCodeError(null);
      let succeeded = false;
      try {
        const { code, ...plan } = choice ?? {};
        const data = await startSubscriptionCheckout({ idempotencyKey: newKey(), ...plan, ...(code?.trim() ? { code } : {}), ...(province ? { province } : {}) });
        closeProvince();
        // The guard stays up: the page is leaving, and a late second click must not start again.
        succeeded = true;
        // Its code is fetched while the answer travels into the next page.
        navigate('/payment/subscription', { state: data satisfies SubscriptionPaymentState });
      } catch (error) {
        const e = error instanceof ApiError ? error : new ApiError(0, 'INTERNAL', 'Une erreur inattendue est survenue.');
        if (e.status === 401) {
          // The session ended in the meantime: sign in again, then subscribe.
          closeProvince();
          void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
          onSignedOut();
        } else if (e.code === 'PROVINCE_REQUIRED') {
          askingProvince.current = true;
          setProvinceNeeded(e.message);
        } else if (e.fields?.code) {
          // A promo code refused (unknown, expired, not for the membership…): said under its field.
          closeProvince();
          setCodeError(e.fields.code);
        } else if (e.code === 'ALREADY_SUBSCRIBED') {
          // This tab did not know yet (paid in another one): /api/me says so now, and the page follows.
          closeProvince();
          notifyInfo(e.message);
          void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
        } else {
          // Spec §8, checkout session failure in the subscription flow: the toast, and stay.
          closeProvince();
          notifyError('Erreur de paiement', `Impossible de démarrer le paiement : ${e.message}`);
        }
      } finally {
        if (!succeeded) inFlight.current = false;
        setPending(false);
      }
    },
    [navigate, client, onSignedOut, closeProvince, choice],
  );

  return { subscribe, pending, provinceNeeded, closeProvince, codeError };
}

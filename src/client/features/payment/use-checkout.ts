// Starts the checkout of these courses once the page opens: the order and its payment, under the
// idempotency key this tab keeps for them (a reload gets the same order back). A province chosen in
// the prompt sends it again with the province. A live class's attempt is tied to its seat hold.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProvinceCode } from '@shared/provinces';
import type { CheckoutInput, CheckoutResponse } from '@shared/schemas/checkout';
import { ApiError } from '@client/lib/api';
import { startCheckout } from './api';
import { checkoutKey, rememberOrder, renewCheckoutKey } from './checkout-attempt';

type Items = CheckoutInput['items'];

export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'ready'; data: CheckoutResponse }
  | { kind: 'error'; error: ApiError };

const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(0, 'INTERNAL', 'Une erreur inattendue est survenue.');

/** An order this key made earlier that can no longer take a payment: a new attempt is needed. */
const spent = (data: CheckoutResponse) => !data.payment && (data.order.status === 'failed' || data.order.status === 'canceled');

async function checkout(items: Items, province: ProvinceCode | undefined, holdId: string | undefined, code?: string, useCredit?: boolean): Promise<CheckoutResponse> {
  let key = checkoutKey(items, holdId, code, useCredit);
  for (let attempt = 0; ; attempt++) {
    try {
      const data = await startCheckout({ items, province, idempotencyKey: key, ...(code ? { code } : {}), ...(useCredit ? { useCredit } : {}) });
      if (attempt === 0 && spent(data)) {
        key = renewCheckoutKey(items, holdId, code, useCredit);
        continue;
      }
      rememberOrder(items, key, data.order.id, holdId, code, useCredit);
      return data;
    } catch (error) {
      // The remembered attempt cannot serve (its order was closed, or it named other courses): start
      // a new one, once.
      if (attempt === 0 && error instanceof ApiError && (error.code === 'ORDER_NOT_PAYABLE' || error.code === 'CONFLICT')) {
        key = renewCheckoutKey(items, holdId, code, useCredit);
        continue;
      }
      throw error;
    }
  }
}

export function useCheckout(items: Items | null, holdId?: string) {
  const [state, setState] = useState<CheckoutState>({ kind: 'loading' });
  const [province, setProvince] = useState<ProvinceCode | undefined>();
  const [pending, setPending] = useState(false);
  const [round, setRound] = useState(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const itemsKey = items ? JSON.stringify(items) : null;
  // The code the order shown was priced with, and the field's refusal of the last one tried.
  const [code, setCode] = useState<string | undefined>();
  const codeRef = useRef(code);
  codeRef.current = code;
  const [codeError, setCodeError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  // « Utiliser mon crédit »: the order shown was priced with the buyer's credit paying first.
  const [useCredit, setUseCredit] = useState(false);
  const useCreditRef = useRef(useCredit);
  useCreditRef.current = useCredit;
  const [creditError, setCreditError] = useState<string | null>(null);

  useEffect(() => {
    const current = itemsRef.current;
    if (!current || current.length === 0) return;
    let live = true;
    setPending(true);
    checkout(current, province, holdId, codeRef.current, useCreditRef.current)
      .then((data) => live && setState({ kind: 'ready', data }))
      .catch((error: unknown) => live && setState({ kind: 'error', error: asApiError(error) }))
      .finally(() => live && setPending(false));
    return () => {
      live = false;
    };
  }, [itemsKey, holdId, province, round]);

  const withProvince = useCallback((code: ProvinceCode) => {
    setProvince(code);
    setRound((r) => r + 1);
  }, []);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setRound((r) => r + 1);
  }, []);

  /** Prices the order with this code (or without any: null); refused, the order shown stays. */
  const applyCode = useCallback(
    async (text: string | null) => {
      const current = itemsRef.current;
      if (!current || current.length === 0) return;
      const next = text?.trim() ? text.trim().toUpperCase() : undefined;
      setApplying(true);
      setCodeError(null);
      try {
        const data = await checkout(current, province, holdId, next, useCreditRef.current);
        setCode(next);
        setState({ kind: 'ready', data });
      } catch (error) {
        const e = asApiError(error);
        if (e.fields?.code) setCodeError(e.fields.code);
        else setState({ kind: 'error', error: e });
      } finally {
        setApplying(false);
      }
    },
    [province, holdId],
  );

  /** Prices the order again with (or without) « Utiliser mon crédit »; the same call as the code's. */
  const applyCredit = useCallback(
    async (on: boolean) => {
      const current = itemsRef.current;
      if (!current || current.length === 0) return;
      const was = useCreditRef.current;
      // The box follows the click at once; refused, it goes back.
      setUseCredit(on);
      setApplying(true);
      setCreditError(null);
      try {
        const data = await checkout(current, province, holdId, codeRef.current, on);
        setState({ kind: 'ready', data });
      } catch (error) {
        setUseCredit(was);
        const e = asApiError(error);
        if (e.status >= 500 || e.status === 0) setCreditError(e.message);
        else setState({ kind: 'error', error: e });
      } finally {
        setApplying(false);
      }
    },
    [province, holdId],
  );

  return { state, pending, withProvince, retry, code, codeError, applying, applyCode, useCredit, creditError, applyCredit };
}

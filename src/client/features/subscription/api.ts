// The membership calls as the screens make them (contract: @shared/schemas/subscription). The
// dashboard's query is keyed under ['subscription', userId]: the realtime event 'subscription.updated'
// invalidates that prefix, and one person's membership never shows for another.
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type {
  MembershipPlan,
  MembershipPlansResponse,
  SubscriptionCancelInput,
  SubscriptionCancelResponse,
  SubscriptionCheckoutInput,
  SubscriptionCheckoutResponse,
  SubscriptionCardInput,
  SubscriptionPaymentMethodResponse,
  SubscriptionPortalResponse,
  SubscriptionResponse,
} from '@shared/schemas/subscription';
import { ME_QUERY_KEY, useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';

export const subscriptionKey = (userId: string | undefined) => ['subscription', userId ?? 'visitor'] as const;

/** GET /api/subscription — read again whenever a page showing it opens (a renewal may have landed). */
export function useSubscription(options: Pick<UseQueryOptions<SubscriptionResponse, ApiError>, 'refetchInterval'> = {}) {
  const { status, user } = useAuth();
  return useQuery<SubscriptionResponse, ApiError>({
    queryKey: subscriptionKey(user?.id),
    queryFn: ({ signal }) => api<SubscriptionResponse>('/subscription', { signal }),
    enabled: status === 'signed-in',
    refetchOnMount: 'always',
    retry: 1,
    ...options,
  });
}

/** POST /api/subscription/checkout — the first month's order and its payment. */
export function startSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<SubscriptionCheckoutResponse> {
  return api<SubscriptionCheckoutResponse>('/subscription/checkout', { method: 'POST', body: JSON.stringify(input) });
}

/** GET /api/membership/plans — the offer's prices and trial (public). */
export function useMembershipPlans() {
  const { status, user } = useAuth();
  return useQuery<MembershipPlansResponse, ApiError>({
    queryKey: ['membership-plans', user?.id ?? 'visitor'],
    queryFn: ({ signal }) => api<MembershipPlansResponse>('/membership/plans', { signal }),
    enabled: status !== 'loading',
    staleTime: 60_000,
  });
}

/** PUT /api/subscription/plan — the plan from the next period on. */
export function useChangePlan() {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation<SubscriptionResponse, ApiError, MembershipPlan>({
    mutationFn: (plan) => api<SubscriptionResponse>('/subscription/plan', { method: 'PUT', body: JSON.stringify({ plan }) }),
    onSuccess: (data) => client.setQueryData(subscriptionKey(user?.id), data),
  });
}

/**
 * POST /api/subscription/cancel — 'ask' may answer the save offer (nothing cancelled); 'accept' takes
 * it; 'decline' cancels at period end, irreversible. The dashboard and /api/me read again.
 */
export function useCancelSubscription() {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation<SubscriptionCancelResponse, ApiError, SubscriptionCancelInput['offer']>({
    mutationFn: (offer = 'ask') => api<SubscriptionCancelResponse>('/subscription/cancel', { method: 'POST', body: JSON.stringify({ offer }) }),
    onSuccess: ({ subscription, outcome }) => {
      if (outcome === 'offer') return;
      // The new state at once (the provider's answer), then the whole dashboard read again.
      client.setQueryData<SubscriptionResponse>(subscriptionKey(user?.id), (old) =>
        old
          ? {
              ...old,
              current: old.current?.id === subscription.id ? subscription : old.current,
              history: old.history.map((s) => (s.id === subscription.id ? subscription : s)),
              canCancel: outcome === 'saved' ? old.canCancel : false,
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: ['subscription'] });
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** POST /api/subscription/portal — the provider's customer portal (Stripe only). */
export function useSubscriptionPortal() {
  return useMutation<SubscriptionPortalResponse, ApiError>({
    mutationFn: () => api<SubscriptionPortalResponse>('/subscription/portal', { method: 'POST', body: '{}' }),
  });
}

const paymentMethodKey = (userId: string | undefined) => [...subscriptionKey(userId), 'payment-method'] as const;

/** GET /api/subscription/payment-method — the sandbox's card for the renewals and the next charge. */
export function usePaymentMethod() {
  const { status, user } = useAuth();
  return useQuery<SubscriptionPaymentMethodResponse, ApiError>({
    queryKey: paymentMethodKey(user?.id),
    queryFn: ({ signal }) => api<SubscriptionPaymentMethodResponse>('/subscription/payment-method', { signal }),
    enabled: status === 'signed-in',
    refetchOnMount: 'always',
    retry: false,
  });
}

/** PUT /api/subscription/payment-method — another card for the renewals (sandbox). */
export function useChangeCard() {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation<SubscriptionPaymentMethodResponse, ApiError, SubscriptionCardInput>({
    mutationFn: (card) => api<SubscriptionPaymentMethodResponse>('/subscription/payment-method', { method: 'PUT', body: JSON.stringify(card) }),
    onSuccess: (data) => client.setQueryData(paymentMethodKey(user?.id), data),
  });
}

// The admin's second factor as the client calls it (contract: @shared/schemas/second-factor).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SecondFactorConfirmation,
  SecondFactorEnrolment,
  SecondFactorStatus,
  SecondFactorVerification,
} from '@shared/schemas/second-factor';
import { useAuth } from '@client/app/auth';
import { api, takeInitialData, type ApiError } from '@client/lib/api';
import { SECOND_FACTOR_PATH, takeEarlySecondFactor } from './early-status';

const BASE = SECOND_FACTOR_PATH;
const statusKey = (userId: string | undefined) => ['second-factor', userId ?? 'visitor'] as const;

/** The status's place in the query cache (the server's render of an admin page seeds it). */
export const secondFactorStatusKey = statusKey;

/** GET: is this session's second factor given? Asked again whenever the admin area mounts. */
export function useSecondFactorStatus() {
  const { user } = useAuth();
  return useQuery<SecondFactorStatus, ApiError>({
    queryKey: statusKey(user?.id),
    // The read RequireAdmin started beside /api/me when there is one, else a new one.
    queryFn: async ({ signal }) => (await takeEarlySecondFactor()) ?? api<SecondFactorStatus>(BASE, { signal }),
    // An admin page the server rendered carries the status it rendered with (asked again on mount).
    initialData: () => takeInitialData<SecondFactorStatus>(BASE),
    enabled: !!user,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}

/** After a good code, the gate opens at once (the server already knows). */
function useMarkVerified() {
  const { user } = useAuth();
  const client = useQueryClient();
  return (recoveryCodesLeft?: number) =>
    client.setQueryData<SecondFactorStatus>(statusKey(user?.id), (old) => ({
      required: true,
      enrolled: true,
      verified: true,
      recoveryCodesLeft: recoveryCodesLeft ?? old?.recoveryCodesLeft ?? 0,
    }));
}

export function useStartEnrolment() {
  return useMutation<SecondFactorEnrolment, ApiError, void>({
    mutationFn: () => api<SecondFactorEnrolment>(`${BASE}/enrolment`, { method: 'POST' }),
  });
}

/** Confirms; the caller shows the recovery codes, then opens the gate with `done`. */
export function useConfirmEnrolment() {
  const markVerified = useMarkVerified();
  const mutation = useMutation<SecondFactorConfirmation, ApiError, string>({
    mutationFn: (code) => api<SecondFactorConfirmation>(`${BASE}/enrolment/confirm`, { method: 'POST', body: JSON.stringify({ code }) }),
  });
  return { ...mutation, done: (count: number) => markVerified(count) };
}

export function useVerifySecondFactor() {
  const markVerified = useMarkVerified();
  return useMutation<SecondFactorVerification, ApiError, string>({
    mutationFn: (code) => api<SecondFactorVerification>(`${BASE}/verify`, { method: 'POST', body: JSON.stringify({ code }) }),
    onSuccess: (data) => markVerified(data.recoveryCodesLeft),
  });
}

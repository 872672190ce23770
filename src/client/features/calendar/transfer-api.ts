// « Transférer » as the client reads and asks it (contract: @shared/schemas/transfers). The options
// are read when the dialog opens (what each choice does to the money, said before confirming); a
// transfer refreshes every calendar, roster and purchase query of this person.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GiftOfferView, PendingDifferenceResponse, TransferOptionsResponse, TransferRequest, TransferResponse, TransferView } from '@shared/schemas/transfers';
import { api, type ApiError } from '@client/lib/api';

const optionsKey = (reservationId: string) => ['transfer-options', reservationId] as const;

export function useTransferOptions(reservationId: string, enabled: boolean) {
  return useQuery<TransferOptionsResponse, ApiError>({
    queryKey: optionsKey(reservationId),
    queryFn: ({ signal }) => api<TransferOptionsResponse>(`/booking/reservations/${encodeURIComponent(reservationId)}/transfer`, { signal }),
    enabled,
    refetchOnMount: 'always',
  });
}

/** The difference still to pay of a dearer move, for its payment page opened without the dialog's answer (a reload). */
export function usePendingDifference(reservationId: string, enabled: boolean) {
  return useQuery<PendingDifferenceResponse, ApiError>({
    queryKey: ['transfer-difference', reservationId],
    queryFn: ({ signal }) => api<PendingDifferenceResponse>(`/booking/reservations/${encodeURIComponent(reservationId)}/difference`, { signal }),
    enabled,
    staleTime: Infinity,
  });
}

function useRefreshAfterTransfer() {
  const client = useQueryClient();
  return () => {
    for (const key of [['calendar'], ['transfer-options'], ['admin'], ['purchases']]) void client.invalidateQueries({ queryKey: key });
  };
}

export function useTransfer() {
  const refresh = useRefreshAfterTransfer();
  return useMutation<TransferResponse, ApiError, { reservationId: string; input: TransferRequest }>({
    mutationFn: ({ reservationId, input }) =>
      api<TransferResponse>(`/booking/reservations/${encodeURIComponent(reservationId)}/transfer`, { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: () => refresh(),
  });
}

export function useRevokeGift() {
  const refresh = useRefreshAfterTransfer();
  return useMutation<{ transfer: TransferView }, ApiError, string>({
    mutationFn: (transferId) => api<{ transfer: TransferView }>(`/booking/transfers/${encodeURIComponent(transferId)}/revoke`, { method: 'POST', body: '{}' }),
    onSuccess: () => refresh(),
  });
}

export function useGiftOffer(transferId: string, signature: string) {
  return useQuery<{ gift: GiftOfferView }, ApiError>({
    queryKey: ['gift-offer', transferId, signature],
    queryFn: ({ signal }) => api<{ gift: GiftOfferView }>(`/transfers/${encodeURIComponent(transferId)}`, { query: { signature }, signal }),
    retry: false,
  });
}

export function useAcceptGift() {
  const refresh = useRefreshAfterTransfer();
  return useMutation<TransferResponse, ApiError, { transferId: string; signature: string }>({
    mutationFn: ({ transferId, signature }) =>
      api<TransferResponse>(`/booking/transfers/${encodeURIComponent(transferId)}/accept`, { method: 'POST', body: JSON.stringify({ signature }) }),
    onSuccess: () => refresh(),
  });
}

// A mutation whose outcome the person must see (a toast, a move to another page), run so that the
// outcome is handled even when the component that asked is gone by the time the answer comes.
// TanStack Query drops the callbacks given to `mutate()` once that component has unmounted: a live
// refresh (another tab's change, or the server's own announcement of this very change) that removes
// a dialog while its request is in flight then swallowed « Séance annulée » and its summary. The
// hook's own callbacks (cache refreshes) still run as before.
import type { UseMutationResult } from '@tanstack/react-query';

type Outcome<TData, TError, TVariables> = {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: TError, variables: TVariables) => unknown;
  onSettled?: () => unknown;
};

export function runMutation<TData, TError, TVariables, TContext>(
  mutation: Pick<UseMutationResult<TData, TError, TVariables, TContext>, 'mutateAsync'>,
  variables: TVariables,
  { onSuccess, onError, onSettled }: Outcome<TData, TError, TVariables>,
): void {
  void mutation
    .mutateAsync(variables)
    .then(
      (data) => onSuccess?.(data, variables),
      (error: TError) => onError?.(error, variables),
    )
    .finally(() => onSettled?.());
}

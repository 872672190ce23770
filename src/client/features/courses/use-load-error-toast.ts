import { useEffect } from 'react';
import { toast } from '@client/lib/toast';

/**
 * Shows one error toast per failed load: the spec's title, then the server's French message.
 * The toast id keeps a re-render (or a retry failing the same way) from stacking copies.
 */
export function useLoadErrorToast(error: Error | null, title: string, id: string): void {
  useEffect(() => {
    if (error) toast.error(title, { id, description: error.message });
  }, [error, title, id]);
}

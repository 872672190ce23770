// Shows a load error once as a toast (spec §8: a title, then the server's message).
import { useEffect } from 'react';
import { notifyError } from './notify';

export function useErrorToast(error: { message: string } | null | undefined, title: string): void {
  useEffect(() => {
    if (error) notifyError(title, error.message);
  }, [error, title]);
}

// 'Ou continuer avec' and the identity provider's button (spec: Authentication dialog). Shown only
// when the server names a provider (GET /api/auth/providers). The server answers the provider's
// authorization address; the whole page goes there and comes back signed in, to `returnTo`.
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Button } from '@client/components/ui/Button';
import { authApi } from '../auth-api';
import type { Busy } from './view-props';

export const PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;

type IdentityProviderSectionProps = {
  busy: Busy;
  onStart: () => void;
};

export function IdentityProviderSection({ busy, onStart }: IdentityProviderSectionProps) {
  const providers = useQuery({
    queryKey: PROVIDERS_QUERY_KEY,
    queryFn: ({ signal }) => authApi.providers(signal),
    staleTime: Infinity,
  });
  const provider = providers.data?.identityProvider;
  if (!provider) return null;

  return (
    <div className="mt-5">
      <div className="mb-4 flex items-center gap-3 text-sm text-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        Ou continuer avec
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </div>
      <Button
        variant="secondary"
        className="w-full"
        loading={busy === 'identityProvider'}
        disabled={busy !== null}
        onClick={onStart}
      >
        {busy === 'identityProvider' ? null : provider.name === 'Google' ? <GoogleMark /> : <KeyRound aria-hidden="true" className="size-4" />}
        Continuer avec {provider.name}
      </Button>
    </div>
  );
}

export async function identityProviderUrl(returnTo: string): Promise<string> {
  return (await authApi.identityProviderUrl(returnTo)).url;
}

/** Google's "G", drawn locally (no request to another site). */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-4">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

// Everything the app needs around its routes: the query cache, who is browsing, the toasts
// (spec §9: at most one visible, 5 s each — configured in ToasterHost) and, for a signed-in person,
// the server's events (RealtimeHost).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@client/lib/query-client';
import { AuthProvider } from './auth/AuthProvider';
import { RealtimeHost } from './realtime/RealtimeHost';
import { ToasterHost } from './ToasterHost';

/** `client`: the server's render brings one seeded with the page's initial data (entry-server.tsx). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <RealtimeHost />
        <ToasterHost />
      </AuthProvider>
    </QueryClientProvider>
  );
}

// Everything the app needs around its routes: the query cache, who is browsing, the toasts
// (spec §9: at most one visible, 5 s each — configured in ToasterHost) and, for a signed-in person,
// the server's events (RealtimeHost).
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@client/lib/query-client';
import { AuthProvider } from './auth/AuthProvider';
import { RealtimeHost } from './realtime/RealtimeHost';
import { ToasterHost } from './ToasterHost';
import './app.css';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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

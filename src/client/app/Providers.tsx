// Everything the app needs around its routes: the query cache, who is browsing, and the toasts.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@client/lib/query-client';
import { AuthProvider } from './auth/AuthProvider';
import './app.css';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        {/* Spec §9: at most one toast at a time, shown 5 s. */}
        <Toaster
          visibleToasts={1}
          duration={5000}
          position="top-center"
          richColors
          closeButton
          containerAriaLabel="Notifications"
          toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
          offset={{ top: 72 }}
          mobileOffset={{ top: 68 }}
        />
      </AuthProvider>
    </QueryClientProvider>
  );
}

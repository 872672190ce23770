// Everything the app needs around its routes: the query cache, who is browsing, and the toasts.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@client/lib/query-client';
import { AuthProvider } from './auth/AuthProvider';
import './app.css';

// Sonner's rich colours put text near 4:1 on its pale backgrounds; these darker inks pass WCAG AA
// (4.5:1), so a page showing a toast still passes axe.
const TOAST_INKS = {
  '--error-text': 'hsl(0, 80%, 33%)',
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 32%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
} as CSSProperties;

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
          style={TOAST_INKS}
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

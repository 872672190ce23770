// Mounts sonner's <Toaster> on the first toast (see lib/toast.ts: every toast goes through it),
// configured as the spec says: at most one toast visible, each shown 5 s, labels in French.
import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { registerToasterHost } from '@client/lib/toast';

// Sonner's rich colours put text near 4:1 on its pale backgrounds; these darker inks pass WCAG AA
// (4.5:1), so a page showing a toast still passes axe.
const TOAST_INKS = {
  '--error-text': 'hsl(0, 80%, 33%)',
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 32%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
} as CSSProperties;

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function ToasterHost() {
  const [mounted, setMounted] = useState(false);

  useEffect(() => registerToasterHost(() => setMounted(true)), []);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}

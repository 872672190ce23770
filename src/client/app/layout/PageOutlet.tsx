// Where a layout puts the page: page code loads lazily (Suspense shows a spinner on the very first
// load; later navigations keep the current page until the next is ready, as they are transitions),
// errors stay inside the page area, and a new page starts at the top.
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PageSpinner } from '@client/components/ui/Spinner';
import { RouteErrorBoundary } from './RouteError';

export function PageOutlet() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    // Back/forward (POP) leaves the browser's own scroll position alone.
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <RouteErrorBoundary key={pathname}>
      {/* The fallback fills the screen so that the footer stays below the fold while the page's code
          loads (otherwise it would jump down when the page appears: a layout shift). */}
      <Suspense fallback={<div className="min-h-[calc(100dvh-4rem)]"><PageSpinner /></div>}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

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
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

// The shared layout of every page but payment (spec: Layout): skip link, sticky header with the
// desktop navigation, the page, the footer, and the phone's bottom navigation. On a page the server
// rendered, the header, the footer and the bottom navigation are hydrated each on its own after
// the page (lib/hydration-boundary), so no single task holds the phone's main thread for long.
import { HydrationBoundary } from '@client/lib/hydration-boundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileNav } from './MainNav';
import { PageOutlet } from './PageOutlet';
import { useOpenLoginFromState } from './useOpenLoginFromState';

export function RootLayout() {
  useOpenLoginFromState();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenu"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Aller au contenu
      </a>
      <HydrationBoundary>
        <Header />
      </HydrationBoundary>
      <main id="contenu" tabIndex={-1} className="flex-1 pb-12 outline-none">
        <PageOutlet />
      </main>
      <HydrationBoundary>
        <div className="pb-16 lg:pb-0">
          <Footer />
        </div>
      </HydrationBoundary>
      <HydrationBoundary>
        <MobileNav />
      </HydrationBoundary>
    </div>
  );
}

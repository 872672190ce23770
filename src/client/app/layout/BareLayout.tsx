// Payment screens (spec: paths of payment render bare): no header, footer or navigation, only the
// logo so the page still says where the user is.
import { Logo } from './Logo';
import { PageOutlet } from './PageOutlet';

export function BareLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto w-full max-w-3xl px-4 pt-6 sm:px-6">
        <Logo />
      </header>
      <main id="contenu" tabIndex={-1} className="flex-1 outline-none">
        <PageOutlet />
      </main>
    </div>
  );
}

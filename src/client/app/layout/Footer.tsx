import { Link } from 'react-router';
import { yearInChefZone } from '@shared/format';
import { useRenderClock } from '@client/lib/render-clock';

const linkClass = 'rounded text-muted underline-offset-4 hover:text-brand-800 hover:underline';

export function Footer() {
  // Not the runtime's own zone: the server renders in UTC, the browser hydrates in the viewer's.
  const year = yearInChefZone(useRenderClock()());
  return (
    <footer className="border-t border-line bg-white/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-muted">
          © {year} Toque · Cours de cuisine en ligne, faits au Québec
        </p>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          <li>
            <Link to="/faq" className={linkClass}>
              FAQ
            </Link>
          </li>
          <li>
            <Link to="/terms-of-service" className={linkClass}>
              Conditions d'utilisation
            </Link>
          </li>
          <li>
            <Link to="/privacy-policy" className={linkClass}>
              Politique de confidentialité
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}

import { Link } from 'react-router';

/** The wordmark with its toque, linking home. */
/** `compact` drops the toque icon on phones, where the header also holds the back button. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="group inline-flex items-center gap-2 rounded-lg text-brand-800" aria-label="Toque, accueil">
      <svg aria-hidden="true" viewBox="0 0 32 32" className={compact ? 'hidden size-8 shrink-0 sm:block' : 'size-8 shrink-0 max-[359px]:hidden'}>
        <path
          fill="currentColor"
          d="M9 26h14v-5.2a6 6 0 0 0 1.6-11.5A6.6 6.6 0 0 0 16 5.3a6.6 6.6 0 0 0-8.6 4A6 6 0 0 0 9 20.8V26Z"
          opacity=".15"
        />
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          d="M9 26h14v-5.2a6 6 0 0 0 1.6-11.5A6.6 6.6 0 0 0 16 5.3a6.6 6.6 0 0 0-8.6 4A6 6 0 0 0 9 20.8V26Zm0-3h14"
        />
      </svg>
      <span className={compact ? 'font-display text-xl font-semibold tracking-tight sm:text-2xl' : 'font-display text-2xl font-semibold tracking-tight'}>Toque</span>
    </Link>
  );
}

import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';

/** Goes back in history, or home when the page was opened directly (nothing to go back to). */
export function BackButton() {
  const navigate = useNavigate();
  const goBack = () => {
    // React Router numbers its history entries: idx 0 is the first page of this visit.
    const idx = (window.history.state as { idx?: number } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <button
      type="button"
      onClick={goBack}
      aria-label="Retour"
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-brand-50 hover:text-brand-800"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
    </button>
  );
}

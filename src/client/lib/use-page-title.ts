// Sets the document title of a page: 'Recettes · Toque'. The server already sends the right
// <title> for the first load; this keeps it right as the user navigates inside the SPA.
import { useEffect } from 'react';

export const SITE_NAME = 'Toque';

export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === undefined || title === null) return;
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — Cours de cuisine en ligne`;
  }, [title]);
}

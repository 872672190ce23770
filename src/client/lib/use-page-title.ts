// Sets the document title of a page: 'Nos Chefs | Toque'. The server already sends the right
// <title> on the first load (src/server/web/pages.ts, same format); this keeps it right as the
// user navigates inside the SPA.
import { useEffect } from 'react';

export const SITE_NAME = 'Toque';
const HOME_TITLE = 'Toque — Cours de cuisine en ligne avec une cheffe québécoise';

/** '' is the home page; null/undefined leaves the title alone (e.g. while a page loads). */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === undefined || title === null) return;
    document.title = title ? `${title} | ${SITE_NAME}` : HOME_TITLE;
  }, [title]);
}

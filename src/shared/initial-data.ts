// The id of the JSON block in which the server embeds a page's first API answers for the client.
export const INITIAL_DATA_ID = 'toque-data';

/**
 * The key of GET /api/me's answer in that block: present on a page the server rendered for a visitor
 * (no session), so the header is drawn signed out at once, in the HTML and at hydration alike.
 */
export const ME_INITIAL_DATA_KEY = '/me';

/**
 * The id of the JSON list of the route's code files on a page the server rendered: the entry asks
 * for them once the page has painted, instead of <link rel="modulepreload"> hints that would compete
 * with the page's photos and font for the network and the main thread (src/client/main.tsx).
 */
export const PAGE_MODULES_ID = 'toque-modules';

/**
 * The API reads (paths without /api, the keys of the initial-data block) that a signed-in page's
 * first screen makes: the server reads them through its own API with the request's cookie and sends
 * the page rendered with their answers (src/server/web/pages.ts, docs/decisions/0045). The client's
 * hooks take their first answer from the block under the same keys.
 */
export const SIGNED_IN_READS = {
  /** The admin area's door (its second factor), asked by every admin page. */
  secondFactor: '/account/second-factor',
  /** « Aperçu ». */
  overview: '/admin/overview',
  adminRoster: (sessionId: string) => `/admin/sessions/${encodeURIComponent(sessionId)}/roster`,
  chefRoster: (sessionId: string) => `/chef/sessions/${encodeURIComponent(sessionId)}/roster`,
} as const;

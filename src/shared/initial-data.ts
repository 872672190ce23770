// The id of the JSON block in which the server embeds a page's first API answers for the client.
export const INITIAL_DATA_ID = 'toque-data';

/**
 * The key of GET /api/me's answer in that block: present on a page the server rendered for a visitor
 * (no session), so the header is drawn signed out at once, in the HTML and at hydration alike.
 */
export const ME_INITIAL_DATA_KEY = '/me';

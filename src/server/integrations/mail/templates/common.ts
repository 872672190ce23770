// What every transactional e-mail is given: who it is for, and the site's public address that
// every link is made absolute against (never a request's Host).

export type Recipient = { email: string; name: string };

/** '/cours' -> 'https://toque.ca/cours' on the configured public URL. */
export function siteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}

export const greeting = (to: Recipient) => `Bonjour ${to.name},`;

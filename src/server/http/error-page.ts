// A person never lands on raw JSON: when a browser opens an address (a link in an e-mail, a new
// tab) whose answer is an error, it gets a small French page with the same status instead; API
// clients (fetch, which asks for JSON or anything) keep the JSON error. Self-contained like the
// receipt page: inline style, no script, nothing loaded.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { signInLink } from '@shared/sign-in-link';
import { escapeHtml } from '../web/html/escape';
import { standaloneHtml } from '../web/html/standalone';

export const STANDALONE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A browser navigating here: a GET that accepts HTML (fetch asks for '*\/*' or JSON; img, video and EventSource for their own types). */
export function wantsHtml(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  const accept = c.req.header('accept') ?? '';
  return /(^|,)\s*text\/html\b/i.test(accept);
}

export type PageAction = { href: string; text: string };
export type PageForm = { action: string; label: string };
/**
 * `form`: one button that POSTs to `action` (same origin), shown before the actions; `forms`: several
 * such buttons side by side (a choice: the first is the primary one).
 */
export type StandalonePage = { title: string; message: string; actions: PageAction[]; reference?: string; form?: PageForm; forms?: PageForm[] };

const STYLE = `
*{box-sizing:border-box}
html{background:#f3efe9;color:#1f1a17;font:17px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
body{margin:0;padding:48px 16px}
main{max-width:520px;margin:0 auto;background:#fff;border:1px solid #e2d9ce;border-radius:16px;padding:32px 24px}
.brand{margin:0 0 20px;font-weight:700;letter-spacing:.02em;color:#8a3b12}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 12px}
p{margin:0 0 16px}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:24px}
a{color:#8a3b12}
.button{display:inline-block;padding:12px 20px;border-radius:999px;font-weight:600;text-decoration:none;min-height:44px}
.primary{background:#8a3b12;color:#fff}
.secondary{border:1px solid #cdbfb0;color:#1f1a17}
button.button{border:0;font:inherit;font-weight:600;cursor:pointer}
button.secondary{border:1px solid #cdbfb0;background:#fff}
.reference{margin-top:24px;font-size:.8rem;color:#6b5f55}
`;

const formsOf = (page: StandalonePage): PageForm[] => [...(page.form ? [page.form] : []), ...(page.forms ?? [])];

export function renderStandalonePage(page: StandalonePage): string {
  const forms = formsOf(page);
  const actions = page.actions
    .map((a, i) => `<a class="button ${i === 0 && !forms.length ? 'primary' : 'secondary'}" href="${escapeHtml(a.href)}">${escapeHtml(a.text)}</a>`)
    .join('');
  const buttons = forms
    .map((f, i) => `<form method="post" action="${escapeHtml(f.action)}"><button class="button ${i === 0 ? 'primary' : 'secondary'}" type="submit">${escapeHtml(f.label)}</button></form>`)
    .join('');
  return standaloneHtml({
    title: `${page.title} — Toque`,
    style: STYLE,
    body: `<main>
<p class="brand">Toque</p>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message)}</p>
${buttons ? `<div class="actions">${buttons}</div>` : ''}
${actions ? `<div class="actions">${actions}</div>` : ''}
${page.reference ? `<p class="reference">Référence : ${escapeHtml(page.reference)}</p>` : ''}
</main>`,
  });
}

const HOME: PageAction = { href: '/', text: 'Retour à l’accueil' };

/** The page for an error answer: what happened, in French, and the way on (sign in and come back, or home). */
export function errorPageFor(status: number, message: string, returnTo: string, requestId?: string): StandalonePage {
  const reference = requestId;
  if (status === 401) {
    return {
      title: 'Connectez-vous pour continuer',
      message: 'Cette page est réservée aux personnes connectées. Connectez-vous : vous reviendrez ici ensuite.',
      actions: [{ href: signInLink(returnTo), text: 'Se connecter' }, HOME],
      reference,
    };
  }
  if (status === 404) return { title: 'Page introuvable', message: 'Cette page n’existe pas ou n’est plus disponible.', actions: [HOME], reference };
  if (status === 403) return { title: 'Accès refusé', message, actions: [HOME], reference };
  if (status >= 500) return { title: 'Une erreur est survenue', message, actions: [{ href: returnTo, text: 'Réessayer' }, HOME], reference };
  return { title: 'Impossible d’afficher cette page', message, actions: [HOME], reference };
}

/** The HTML answer, with the status the JSON would have had. */
export function htmlPage(c: Context, page: StandalonePage, status: number): Response {
  // A page with a form posts only to this site.
  c.header('content-security-policy', formsOf(page).length ? STANDALONE_PAGE_CSP.replace("form-action 'none'", "form-action 'self'") : STANDALONE_PAGE_CSP);
  c.header('x-robots-tag', 'noindex');
  c.header('cache-control', 'no-store');
  // A signed link in the address must not travel to another page through the Referer header.
  c.header('referrer-policy', 'no-referrer');
  return c.html(renderStandalonePage(page), status as ContentfulStatusCode);
}

/** The page for an error answer to this request (its path and query are where sign-in comes back to). */
export function errorHtml(c: Context, status: number, message: string): Response {
  const url = new URL(c.req.url);
  return htmlPage(c, errorPageFor(status, message, `${url.pathname}${url.search}`, c.get('requestId') as string | undefined), status);
}

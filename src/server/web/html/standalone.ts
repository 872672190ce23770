// The shell of a page the server writes whole, outside the React app (a receipt, an error page):
// French, readable on a phone, kept out of search engines, its CSS inline and nothing else loaded.
import { escapeHtml } from './escape';

export function standaloneHtml(page: { title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="fr-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body>
${page.body}
</body>
</html>`;
}

// A receipt or credit note as one self-contained, printable HTML page: its CSS inline, no script,
// no font, image or other request (the route's Content-Security-Policy forbids them anyway).
import { escapeHtml } from '../../web/html/escape';
import { standaloneHtml } from '../../web/html/standalone';
import type { FiscalDocument } from './document';


const STYLE = `
*{box-sizing:border-box}
html{background:#f3efe9;color:#1f1a17;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
body{margin:0;padding:24px 12px}
main{max-width:760px;margin:0 auto;background:#fff;border:1px solid #e2d9ce;border-radius:12px;padding:32px}
a{color:#8a3b12}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.actions{max-width:760px;margin:0 auto 16px;display:flex;flex-wrap:wrap;gap:12px 24px;font-weight:600}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px;border-bottom:2px solid #1f1a17;padding-bottom:16px;margin-bottom:24px}
h1{font-size:1.75rem;margin:0 0 4px;letter-spacing:-.01em}
h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.08em;color:#6b5f55;margin:0 0 6px}
.meta{margin:0;color:#3d342e}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:24px;margin-bottom:24px}
.parties p{margin:0}
dl{margin:8px 0 0;display:grid;grid-template-columns:auto 1fr;gap:2px 12px}
dt{color:#6b5f55}dd{margin:0}
table{width:100%;border-collapse:collapse;margin-bottom:8px}
th,td{text-align:left;padding:10px 0;border-bottom:1px solid #e2d9ce;vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.08em;color:#6b5f55;font-weight:600}
td.amount,th.amount{text-align:right;white-space:nowrap;padding-left:16px}
.detail{display:block;color:#6b5f55;font-size:.9rem}
.totals{margin-left:auto;max-width:360px}
.totals td{border:0;padding:4px 0}
.totals tr.total td{border-top:2px solid #1f1a17;padding-top:10px;font-weight:700;font-size:1.1rem}
.facts{margin:24px 0 0}
.notes{margin:24px 0 0;padding:0;list-style:none;color:#3d342e;font-size:.92rem}
.notes li+li{margin-top:6px}
@media (max-width:480px){main{padding:20px 16px}h1{font-size:1.4rem}}
@media print{html{background:#fff}body{padding:0}main{border:0;border-radius:0;padding:0;max-width:none}.actions{display:none}a{color:inherit;text-decoration:none}}
`;

const rows = (items: { label: string; value: string }[]) =>
  items.map((r) => `<dt>${escapeHtml(r.label)}</dt><dd>${escapeHtml(r.value)}</dd>`).join('');

export function renderDocumentHtml(doc: FiscalDocument, links: { pdfUrl: string; backUrl: string }): string {
  const heading = `${doc.title} n° ${doc.number}`;
  const lines = doc.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}${l.detail ? `<span class="detail">${escapeHtml(l.detail)}</span>` : ''}</td><td class="amount">${escapeHtml(l.amount)}</td></tr>`,
    )
    .join('');
  const totals = doc.totals
    .map(
      (t, i) =>
        `<tr${i === doc.totals.length - 1 ? ' class="total"' : ''}><td>${escapeHtml(t.label)}</td><td class="amount">${escapeHtml(t.value)}</td></tr>`,
    )
    .join('');
  return standaloneHtml({
    title: `${heading} — ${doc.seller.name}`,
    style: STYLE,
    body: `<nav class="actions" aria-label="Actions"><a href="${escapeHtml(links.pdfUrl)}" download="${escapeHtml(doc.fileName)}">Télécharger le PDF</a><a href="${escapeHtml(links.backUrl)}">Retour à Mes Achats</a></nav>
<main>
<header>
<div><h1>${escapeHtml(heading)}</h1><p class="meta">Date : ${escapeHtml(doc.date)}</p>${doc.reference ? `<p class="meta">${escapeHtml(doc.reference)}</p>` : ''}</div>
</header>
<section class="parties">
<div><h2>Vendeur</h2><p><strong>${escapeHtml(doc.seller.name)}</strong></p><p>${escapeHtml(doc.seller.address)}</p>${doc.seller.registrations.length ? `<dl>${rows(doc.seller.registrations)}</dl>` : ''}</div>
<div><h2>${doc.kind === 'receipt' ? 'Client' : 'Destinataire'}</h2><p><strong>${escapeHtml(doc.buyer.name)}</strong></p><p>${escapeHtml(doc.buyer.email)}</p></div>
</section>
<table>
<caption class="sr-only">${doc.kind === 'receipt' ? 'Articles achetés' : 'Articles remboursés'}</caption>
<thead><tr><th scope="col">Description</th><th scope="col" class="amount">Montant</th></tr></thead>
<tbody>${lines}</tbody>
</table>
<table class="totals"><tbody>${totals}</tbody></table>
<dl class="facts">${rows(doc.facts)}</dl>
<ul class="notes">${doc.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>
</main>`,
  });
}

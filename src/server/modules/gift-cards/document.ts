// The gift card as the recipient reads it: a printable HTML page (its CSS inline, no script, as the
// receipts') and a one-page Letter PDF (pdfkit's Helvetica, like the receipts): the amount, the
// code in groups of four, the buyer's message, the course suggested, « Sans date d'expiration »,
// and how to use it.
import { formatGiftCardCode, membershipGiftLabel, redeemPathFor } from '@shared/gift-cards';
import { formatPrice } from '@shared/format';
import { escapeHtml } from '../../web/html/escape';
import { standaloneHtml } from '../../web/html/standalone';

export type GiftCardDocument = {
  id: string;
  code: string;
  amountCents: number;
  /** A membership card's months (« N mois d'abonnement Toque » in place of an amount); null for an amount. */
  membershipMonths: number | null;
  recipientName: string;
  fromName: string;
  message: string;
  courseTitle: string | null;
  voided: boolean;
};

export const NO_EXPIRY = "Sans date d'expiration";
const HOW_TO =
  'Pour l’utiliser : créez votre compte Toque (ou connectez-vous), puis dans Mon Compte › Mon crédit, choisissez « Ajouter une carte-cadeau » et entrez ce code. Son montant devient votre Crédit Toque, utilisable sur tous les cours.';

const HOW_TO_MEMBERSHIP =
  'Pour l’activer : créez votre compte Toque (ou connectez-vous), puis dans Mon Compte › Mon crédit, choisissez « Ajouter une carte-cadeau » et entrez ce code. Vos mois d’abonnement commencent aussitôt (ou à la fin de votre période payée si vous êtes déjà abonné·e).';

/** What the card gives, as its headline: the amount, or « N mois d'abonnement Toque ». */
const headline = (doc: Pick<GiftCardDocument, 'amountCents' | 'membershipMonths'>) => (doc.membershipMonths ? membershipGiftLabel(doc.membershipMonths) : formatPrice(doc.amountCents));
const howTo = (doc: Pick<GiftCardDocument, 'membershipMonths'>) => (doc.membershipMonths ? HOW_TO_MEMBERSHIP : HOW_TO);

export const giftCardFileName = (doc: Pick<GiftCardDocument, 'code'>) => `carte-cadeau-toque-${doc.code.slice(-4)}.pdf`;

const STYLE = `
*{box-sizing:border-box}
html{background:#f3efe9;color:#1f1a17;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
body{margin:0;padding:24px 12px}
.actions{max-width:640px;margin:0 auto 16px;display:flex;flex-wrap:wrap;gap:12px 24px;font-weight:600}
a{color:#8a3b12}
main{max-width:640px;margin:0 auto;background:#fff;border:1px solid #e2d9ce;border-top:8px solid #9a3412;border-radius:12px;padding:32px}
.brand{font-family:Georgia,serif;font-size:1.6rem;font-weight:700;color:#9a3412;margin:0}
h1{font-size:1.4rem;margin:8px 0 0}
.amount{font-size:2.75rem;font-weight:700;margin:16px 0 0;letter-spacing:-.02em}
.expiry{margin:0;color:#6b5f55;font-weight:600}
.code{margin:24px 0;padding:16px;border:2px dashed #9a3412;border-radius:10px;text-align:center;background:#fdf3ec}
.code span{display:block;font-size:.8rem;text-transform:uppercase;letter-spacing:.08em;color:#6b5f55}
.code strong{display:block;font:700 1.5rem/1.3 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.08em;word-break:break-all}
blockquote{margin:0 0 16px;padding:12px 16px;border-left:4px solid #e2d9ce;font-style:italic;white-space:pre-line}
.course{margin:0 0 16px}
.how{color:#3d342e;font-size:.92rem}
.void{padding:12px 16px;border-radius:8px;background:#fde8e8;color:#7f1d1d;font-weight:600}
@media (max-width:480px){main{padding:20px 16px}.amount{font-size:2.2rem}.code strong{font-size:1.2rem}}
@media print{html{background:#fff}body{padding:0}main{border-left:0;border-right:0;border-bottom:0;border-radius:0}.actions{display:none}}
`;

export function renderGiftCardHtml(doc: GiftCardDocument, links: { pdfUrl: string }): string {
  const code = formatGiftCardCode(doc.code);
  return standaloneHtml({
    title: doc.membershipMonths ? `Carte-cadeau Toque : ${headline(doc)}` : `Carte-cadeau Toque de ${formatPrice(doc.amountCents)}`,
    style: STYLE,
    body: `<nav class="actions" aria-label="Actions"><a href="${escapeHtml(links.pdfUrl)}" download="${escapeHtml(giftCardFileName(doc))}">Télécharger le PDF à imprimer</a><a href="${escapeHtml(redeemPathFor(code))}">${doc.membershipMonths ? 'Activer mon abonnement offert' : 'Ajouter à mon crédit'}</a></nav>
<main>
<p class="brand">Toque</p>
<h1>Carte-cadeau pour ${escapeHtml(doc.recipientName)}</h1>
<p class="amount">${escapeHtml(headline(doc))}</p>
<p class="expiry">${NO_EXPIRY}</p>
${doc.voided ? '<p class="void">Cette carte-cadeau a été annulée : elle ne peut plus être utilisée.</p>' : ''}
<div class="code"><span>Code de la carte</span><strong>${escapeHtml(code)}</strong></div>
<p>De la part de <strong>${escapeHtml(doc.fromName)}</strong></p>
${doc.message ? `<blockquote>${escapeHtml(doc.message)}</blockquote>` : ''}
${doc.courseTitle ? `<p class="course">Cours suggéré : <strong>« ${escapeHtml(doc.courseTitle)} »</strong></p>` : ''}
<p class="how">${escapeHtml(howTo(doc))}</p>
</main>`,
  });
}

/** WinAnsi (pdfkit's Helvetica) has no narrow no-break space: the nearest it has. */
const winAnsi = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0').replace(/[’]/g, "'").replace(/›/g, '>');

export async function renderGiftCardPdf(doc: GiftCardDocument, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress: opts.compress ?? true,
    lang: 'fr-CA',
    displayTitle: true,
    info: { Title: winAnsi(doc.membershipMonths ? `Carte-cadeau Toque : ${headline(doc)}` : `Carte-cadeau Toque de ${formatPrice(doc.amountCents)}`), Author: 'Toque', Subject: 'Carte-cadeau' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = 54;
  const width = pdf.page.width - 108;
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(winAnsi(value), options);
  // The card: a framed panel the size of half a page.
  pdf.roundedRect(left, 54, width, 330, 14).lineWidth(1.5).strokeColor('#9a3412').stroke();
  pdf.rect(left, 54, width, 10).fill('#9a3412');
  pdf.x = left + 28;
  pdf.y = 90;
  const inner = width - 56;
  pdf.font('Times-Bold').fontSize(26).fillColor('#9a3412');
  text('Toque', { width: inner });
  pdf.font('Helvetica').fontSize(14).fillColor('#1f1a17');
  text(`Carte-cadeau pour ${doc.recipientName}`, { width: inner });
  pdf.moveDown(0.5);
  pdf.font('Helvetica-Bold').fontSize(doc.membershipMonths ? 30 : 40);
  text(headline(doc), { width: inner });
  pdf.font('Helvetica-Bold').fontSize(12).fillColor('#6b5f55');
  text(NO_EXPIRY, { width: inner });
  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(10).fillColor('#6b5f55');
  text('CODE DE LA CARTE', { width: inner, characterSpacing: 1 });
  pdf.font('Courier-Bold').fontSize(22).fillColor('#1f1a17');
  text(formatGiftCardCode(doc.code), { width: inner, characterSpacing: 1 });
  pdf.moveDown(0.8);
  pdf.font('Helvetica').fontSize(12);
  text(`De la part de ${doc.fromName}`, { width: inner });
  if (doc.voided) {
    pdf.moveDown(0.5).font('Helvetica-Bold').fillColor('#7f1d1d');
    text('Cette carte-cadeau a été annulée.', { width: inner });
  }
  pdf.x = left;
  pdf.y = 54 + 330 + 28;
  if (doc.message) {
    pdf.font('Helvetica-Oblique').fontSize(12).fillColor('#1f1a17');
    text(`« ${doc.message} »`, { width });
    pdf.moveDown(0.8);
  }
  if (doc.courseTitle) {
    pdf.font('Helvetica').fontSize(12).fillColor('#1f1a17');
    text(`Cours suggéré : « ${doc.courseTitle} »`, { width });
    pdf.moveDown(0.8);
  }
  pdf.font('Helvetica').fontSize(10).fillColor('#3d342e');
  text(howTo(doc), { width });
  pdf.end();
  return done;
}

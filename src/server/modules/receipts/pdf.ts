// A receipt or credit note as a one-page (or more) Letter PDF, drawn with pdfkit's built-in
// Helvetica: no font file to ship, and its WinAnsi encoding holds every French letter.
import type { FiscalDocument } from './document';

const MARGIN = 54;
const INK = '#1f1a17';
const MUTED = '#6b5f55';
const RULE = '#e2d9ce';

/**
 * WinAnsi has the no-break space but not the narrow one some locales print in numbers, nor a true
 * minus sign: both become their nearest WinAnsi character rather than a missing glyph.
 */
const winAnsi = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0').replace(/\u2212/g, '-');

export async function renderDocumentPdf(doc: FiscalDocument, opts: { compress?: boolean; createdAt?: Date } = {}): Promise<Buffer> {
  // pdfkit is loaded by the first document, not at start-up (~150 ms of the server's boot).
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: opts.compress ?? true,
    lang: 'fr-CA',
    displayTitle: true,
    info: {
      Title: `${doc.title} n° ${doc.number}`,
      Author: doc.seller.name,
      Subject: doc.kind === 'receipt' ? 'Reçu de paiement' : 'Note de crédit',
      ...(opts.createdAt ? { CreationDate: opts.createdAt } : {}),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const amountWidth = 100;
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(winAnsi(value), options);
  const rule = (color = RULE, weight = 0.75) => {
    pdf.moveTo(left, pdf.y).lineTo(left + width, pdf.y).lineWidth(weight).strokeColor(color).stroke();
  };
  const ensureRoom = (height: number) => {
    if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
  };
  /** A label on the left, an amount right-aligned, on one row. */
  const amountRow = (label: string, amount: string, x: number, w: number, font = 'Helvetica', size = 10) => {
    ensureRoom(size * 2.4);
    const y = pdf.y;
    pdf.font(font).fontSize(size).fillColor(INK);
    text(label, { width: w - amountWidth - 8, continued: false });
    const after = pdf.y;
    pdf.y = y;
    pdf.x = x;
    text(amount, { width: w, align: 'right' });
    pdf.y = Math.max(after, pdf.y);
  };

  // Heading.
  pdf.font('Helvetica-Bold').fontSize(22).fillColor(INK);
  text(`${doc.title} n° ${doc.number}`, { width });
  pdf.moveDown(0.2);
  pdf.font('Helvetica').fontSize(10).fillColor(MUTED);
  text(`Date : ${doc.date}`, { width });
  if (doc.reference) text(doc.reference, { width });
  pdf.moveDown(0.6);
  rule(INK, 1.5);
  pdf.moveDown(1);

  // Seller and buyer, side by side.
  const top = pdf.y;
  const colWidth = (width - 24) / 2;
  const party = (x: number, heading: string, name: string, lines: string[]) => {
    pdf.x = x;
    pdf.y = top;
    pdf.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    text(heading.toUpperCase(), { width: colWidth, characterSpacing: 0.8 });
    pdf.moveDown(0.3);
    pdf.font('Helvetica-Bold').fontSize(11).fillColor(INK);
    text(name, { width: colWidth });
    pdf.font('Helvetica').fontSize(10);
    for (const line of lines) text(line, { width: colWidth });
    return pdf.y;
  };
  const sellerBottom = party(
    left,
    'Vendeur',
    doc.seller.name,
    [doc.seller.address, ...doc.seller.registrations.map((r) => `${r.label} : ${r.value}`)],
  );
  const buyerBottom = party(left + colWidth + 24, doc.kind === 'receipt' ? 'Client' : 'Destinataire', doc.buyer.name, [doc.buyer.email]);
  pdf.x = left;
  pdf.y = Math.max(sellerBottom, buyerBottom);
  pdf.moveDown(1.5);

  // Lines.
  pdf.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  const headY = pdf.y;
  text('DESCRIPTION', { width: width - amountWidth, characterSpacing: 0.8 });
  pdf.y = headY;
  pdf.x = left;
  text('MONTANT', { width, align: 'right', characterSpacing: 0.8 });
  pdf.moveDown(0.4);
  rule();
  pdf.moveDown(0.6);
  for (const line of doc.lines) {
    ensureRoom(40);
    const y = pdf.y;
    pdf.font('Helvetica').fontSize(10.5).fillColor(INK);
    text(line.description, { width: width - amountWidth - 8 });
    if (line.detail) {
      pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
      text(line.detail, { width: width - amountWidth - 8 });
    }
    const after = pdf.y;
    pdf.y = y;
    pdf.x = left;
    pdf.font('Helvetica').fontSize(10.5).fillColor(INK);
    text(line.amount, { width, align: 'right' });
    pdf.x = left;
    pdf.y = Math.max(after, pdf.y);
    pdf.moveDown(0.5);
    rule();
    pdf.moveDown(0.6);
  }

  // Totals, in a right-hand column; the last row is the total.
  const totalsWidth = 300;
  const totalsX = left + width - totalsWidth;
  pdf.moveDown(0.4);
  doc.totals.forEach((row, i) => {
    const last = i === doc.totals.length - 1;
    if (last) {
      pdf.moveDown(0.3);
      pdf.moveTo(totalsX, pdf.y).lineTo(left + width, pdf.y).lineWidth(1.5).strokeColor(INK).stroke();
      pdf.moveDown(0.5);
    }
    pdf.x = totalsX;
    amountRow(row.label, row.value, totalsX, totalsWidth, last ? 'Helvetica-Bold' : 'Helvetica', last ? 12 : 10);
    pdf.moveDown(0.25);
  });
  pdf.x = left;
  pdf.moveDown(1.2);

  // Facts and notes.
  for (const fact of doc.facts) {
    ensureRoom(20);
    pdf.font('Helvetica-Bold').fontSize(10).fillColor(INK);
    text(`${fact.label} : `, { width, continued: true });
    pdf.font('Helvetica');
    text(fact.value);
  }
  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const note of doc.notes) {
    ensureRoom(30);
    text(note, { width });
    pdf.moveDown(0.4);
  }

  pdf.end();
  return done;
}

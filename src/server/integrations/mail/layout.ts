// The site's look in an e-mail: one HTML layout with inline styles (mail readers ignore style
// sheets) in the site's colours, the 'Toque' wordmark, and a French footer saying why the person
// gets it — with, for e-mails they may turn off, the link that does it. The plain-text part says
// the same, in the same order.

export type EmailContent = {
  /** The subject, also the page's title. */
  subject: string;
  /** 'Bonjour Marie,' — the first line. */
  greeting: string;
  /** Paragraphs of plain text (escaped here). */
  paragraphs: string[];
  /** Label/value lines shown as a small table ('Date', 'Lien de la séance'…). */
  details?: { label: string; value: string; href?: string }[];
  /** The main button. */
  action?: { text: string; href: string };
  /** Completes 'Vous recevez ce courriel parce que …'. */
  reason: string;
  /** For a non-essential e-mail: where the person turns it off. */
  unsubscribe?: { url: string; text: string };
};

const COLORS = {
  cream: '#fbf7f2',
  ink: '#1f1a17',
  muted: '#6b5e55',
  line: '#e8ddd2',
  brand: '#9a3412',
  brandSoft: '#fdf3ec',
} as const;

const SIGNATURE = "L'équipe Toque";

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function link(href: string, text: string, style = `color:${COLORS.brand};`): string {
  return `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(text)}</a>`;
}

export function renderEmailHtml(c: EmailContent): string {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${COLORS.ink};">${text}</p>`;
  const details = c.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border-collapse:collapse;background:${COLORS.brandSoft};border-radius:8px;">${c.details
        .map(
          (d) =>
            `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:8px 12px;font-size:14px;color:${COLORS.muted};font-weight:600;white-space:nowrap;">${escapeHtml(d.label)}</th>` +
            `<td style="padding:8px 12px;font-size:15px;color:${COLORS.ink};word-break:break-word;">${d.href ? link(d.href, d.value) : escapeHtml(d.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = c.action
    ? `<p style="margin:8px 0 24px;">${link(c.action.href, c.action.text, `display:inline-block;background:${COLORS.brand};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;`)}</p>`
    : '';
  const unsubscribe = c.unsubscribe ? ` ${link(c.unsubscribe.url, c.unsubscribe.text, `color:${COLORS.muted};`)}` : '';
  return `<!doctype html>
<html lang="fr-CA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.cream};font-family:Helvetica,Arial,sans-serif;">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;background:${COLORS.cream};"><tr><td style="padding:24px 12px;">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;margin:0 auto;background:#ffffff;border:1px solid ${COLORS.line};border-radius:12px;">
<tr><td style="padding:20px 28px;border-bottom:3px solid ${COLORS.brand};"><span style="font-family:Georgia,serif;font-size:26px;font-weight:700;color:${COLORS.brand};">Toque</span></td></tr>
<tr><td style="padding:28px;">
${p(escapeHtml(c.greeting))}
${c.paragraphs.map((x) => p(escapeHtml(x))).join('\n')}
${details}${action}${p(escapeHtml(SIGNATURE))}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${COLORS.line};font-size:13px;line-height:1.5;color:${COLORS.muted};">Vous recevez ce courriel ${escapeHtml(becauseOf(c.reason))}.${unsubscribe}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}

export function renderEmailText(c: EmailContent): string {
  const lines = ['TOQUE', '', c.greeting, ''];
  for (const x of c.paragraphs) lines.push(x, '');
  for (const d of c.details ?? []) lines.push(`${d.label} : ${d.href ?? d.value}`);
  if (c.details?.length) lines.push('');
  // A link already written among the details is not written twice.
  if (c.action && !c.details?.some((d) => d.href === c.action!.href)) lines.push(`${c.action.text} : ${c.action.href}`, '');
  lines.push(SIGNATURE, '', '—', `Vous recevez ce courriel ${becauseOf(c.reason)}.`);
  if (c.unsubscribe) lines.push(`${c.unsubscribe.text} : ${c.unsubscribe.url}`);
  return lines.join('\n');
}

/** Both parts of an e-mail to `to`. */
export function renderEmail(to: string, c: EmailContent): { to: string; subject: string; text: string; html: string } {
  return { to, subject: c.subject, text: renderEmailText(c), html: renderEmailHtml(c) };
}

/** 'parce que vous…', 'parce qu'un paiement…': French elides « que » before a vowel. */
export function becauseOf(reason: string): string {
  return /^[aeiouyàâéèêëîïôû]/i.test(reason) ? `parce qu'${reason}` : `parce que ${reason}`;
}

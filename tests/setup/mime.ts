// Reads a message as the SMTP server received it: its decoded subject and headers, and its plain
// text and HTML parts (quoted-printable or base64 undone), for tests of what the site sends.

/** `calendar`: the text/calendar attachments (an invitation's .ics), decoded, one after the other. */
export type ParsedMail = { headers: Record<string, string>; subject: string; text: string; html: string; calendar: string };

function splitHead(raw: string): { head: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const headText = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const head: Record<string, string> = {};
  for (const line of headText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) head[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { head, body };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** '=?UTF-8?Q?Rappel_=3A_...?=' and base64 words, adjacent words joined. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '').toLowerCase();
  if (e === 'quoted-printable') return decodeQuotedPrintable(body);
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function collect(raw: string, out: { text: string; html: string; calendar: string }) {
  const { head, body } = splitHead(raw);
  const type = head['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collect(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const content = decodeBody(body, head['content-transfer-encoding']);
  if (/^text\/calendar/i.test(type)) out.calendar += content;
  else if (/^text\/html/i.test(type)) out.html += content;
  else if (/^text\/plain/i.test(type)) out.text += content;
}

export function parseMail(raw: string): ParsedMail {
  const { head } = splitHead(raw);
  const out = { text: '', html: '', calendar: '' };
  collect(raw, out);
  return { headers: head, subject: decodeWords(head['subject'] ?? ''), text: out.text.trim(), html: out.html.trim(), calendar: out.calendar };
}

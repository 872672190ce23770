// The e-mails the e2e server sent, as received by the real SMTP server of global-setup.ts (one
// JSON file per message in the provided mailDir).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

export type Mail = { from: string; to: string[]; subject: string; text: string };

const mailDir = inject('mailDir');

/** Undoes a MIME body's transfer encoding (nodemailer uses quoted-printable or base64). */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function headerOf(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or ?B?), as nodemailer writes a French subject. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Every text part of the message (plain and HTML), decoded, one after the other. */
function textOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = headerOf(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return decodeBody(body, headerOf(head, 'Content-Transfer-Encoding').toLowerCase());
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => textOf(part.replace(/^\r?\n/, '')))
    .join('\n');
}

async function readAll(): Promise<Mail[]> {
  // '.<n>.json' is a message still being written (renamed to '<n>.json' once whole): not yet received.
  const names = (await readdir(mailDir)).filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort();
  return Promise.all(
    names.map(async (name) => {
      const { from, to, raw } = JSON.parse(await readFile(path.join(mailDir, name), 'utf8')) as { from: string; to: string[]; raw: string };
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
      return { from, to, subject: decodeWords(headerOf(head, 'Subject')), text: textOf(raw) };
    }),
  );
}

/** Every e-mail sent so far to `address` whose subject matches, oldest first. */
export async function mailsTo(address: string, subject: RegExp): Promise<Mail[]> {
  return (await readAll()).filter((m) => m.to.includes(address.toLowerCase()) && subject.test(m.subject));
}

/** The latest e-mail sent to `address` (whose subject matches, if given), waiting up to `timeout` ms. */
export async function waitForMail(address: string, { subject, timeout = 15_000 }: { subject?: RegExp; timeout?: number } = {}): Promise<Mail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const mails = (await readAll()).filter((m) => m.to.includes(address.toLowerCase()) && (!subject || subject.test(m.subject)));
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address} within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link of the message that starts with `prefix` (e.g. the site's /update-password). */
export function linkIn(mail: Mail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"'<>]*`).exec(mail.text);
  if (!match) throw new Error(`No link starting with ${prefix} in the e-mail:\n${mail.text}`);
  return match[0].replace(/&amp;/g, '&');
}

/** Every e-mail received so far (to count how many of one kind a person got). */
export function readAllMails(): Promise<Mail[]> {
  return readAll();
}

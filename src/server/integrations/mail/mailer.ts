// The Mailer port: nodemailer over SMTP when SMTP_URL is set; otherwise the outbox table and a log
// line, so a fresh machine still delivers reset links (readable in the log and, later, by the admin).
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { inFlight } from '../../in-flight';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers sent over SMTP (List-Unsubscribe on e-mails a person may turn off); the outbox keeps none. */
  headers?: Record<string, string>;
  /** Files sent with it over SMTP (a class's invitation, .ics); the outbox keeps none, the text says they are attached. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: string; contentType: string };

export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
};

export function smtpMailer(url: string, from: string): Mailer {
  // nodemailer is loaded by the first e-mail, not at start-up.
  const createTransport = async () => (await import('nodemailer')).default.createTransport(url);
  let transport: ReturnType<typeof createTransport> | null = null;
  return {
    kind: 'smtp',
    async send(mail) {
      transport ??= createTransport();
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, attachments: mail.attachments });
    },
  };
}

export function outboxMailer(db: Db, logger: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(outboxEmails).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      // The text is logged on purpose: without SMTP the log is how a reset link reaches its reader.
      logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'e-mail kept in the outbox (SMTP_URL unset)');
    },
  };
}

/** A mailer that knows the e-mails it is still sending: `settled()` waits for the last of them. */
export type TrackedMailer = Mailer & { settled(): Promise<void> };

/**
 * Some e-mails are sent without awaiting them (password reset: the answer must not wait for the mail
 * server): a shutdown waits for them before the process exits and the database closes (the outbox
 * writes to it), and a test knows when nothing more is on its way.
 */
export function trackSends(mailer: Mailer): TrackedMailer {
  const sending = inFlight();
  return {
    kind: mailer.kind,
    send: (mail) => sending.track(mailer.send(mail)),
    settled: sending.settled,
  };
}

export function createMailer(config: { smtpUrl: string | undefined; mailFrom: string }, db: Db, logger: Logger): TrackedMailer {
  return trackSends(config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db, logger));
}

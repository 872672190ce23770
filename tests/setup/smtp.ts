// A real SMTP server (the smtp-server package) on a free local port, keeping every message it
// receives, for tests of what the site sends.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * onMail: also told of each message as it arrives (e.g. to hand it to another process).
 * `refuseNext`: how many of the next messages to refuse with a temporary error (451), as a mail
 * server that is having trouble does.
 */
export async function startSmtpServer(options: { onMail?: (mail: ReceivedMail) => void } = {}) {
  const inbox: ReceivedMail[] = [];
  const control = { refuseNext: 0, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        if (control.refuseNext > 0) {
          control.refuseNext--;
          control.refused++;
          return callback(Object.assign(new Error('Service momentanément indisponible'), { responseCode: 451 }));
        }
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        };
        inbox.push(mail);
        options.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    inbox,
    control,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

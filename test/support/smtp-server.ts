import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives; `fail` makes it reject messages;
 * `port` starts it on a given port (to bring a stopped server back where clients expect it).
 */
export async function startSmtpServer(
  opts: { fail?: () => boolean; port?: number } = {},
): Promise<{ url: string; port: number; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => {
        raw += d.toString();
      });
      stream.on('end', () => {
        if (opts.fail?.()) return callback(new Error('mailbox unavailable'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, port, received, close: () => new Promise((r) => server.close(() => r())) };
}

/** The text of a message as the server received it: headers, and the body with its transfer encoding undone. */
export function receivedText(mail: ReceivedMail): { subject: string; text: string } {
  const split = mail.raw.indexOf('\r\n\r\n');
  const headers = mail.raw.slice(0, split);
  const body = mail.raw.slice(split + 4);
  const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(headers)?.[1].replace(/\r\n[ \t]/g, ' ') ?? '';
  let text = body;
  if (/content-transfer-encoding:\s*base64/i.test(headers)) text = Buffer.from(body, 'base64').toString('utf8');
  else if (/content-transfer-encoding:\s*quoted-printable/i.test(headers))
    text = Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return { subject, text };
}

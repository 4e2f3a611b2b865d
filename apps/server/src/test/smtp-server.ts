import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it: the envelope, and headers and text decoded. */
export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text: string;
};

/** Quoted-printable bytes (=XX) as UTF-8 text. */
function fromQuotedPrintable(text: string): string {
  const bytes = text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A header's encoded words (RFC 2047: `=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as a subject in Hindi or
 * Bengali arrives, as text; the space between two encoded words is dropped.
 */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, words: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(words, 'base64').toString('utf8')
        : fromQuotedPrintable(words.replace(/_/g, ' ')),
    );
}

/** Undoes quoted-printable or base64 bodies and encoded header words; joins folded header lines. */
function decode(raw: string): { headers: Map<string, string>; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).toLowerCase(), decodeHeader(line.slice(colon + 1).trim()));
  }
  let body = rest.join('\n\n');
  const encoding = headers.get('content-transfer-encoding') ?? '';
  if (/quoted-printable/i.test(encoding)) {
    body = fromQuotedPrintable(body.replace(/=\r?\n/g, ''));
  } else if (/base64/i.test(encoding)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { headers, text: body.replace(/\r\n/g, '\n') };
}

/**
 * A real SMTP server in the test's process, on a free port of 127.0.0.1, keeping what it receives.
 * `refuse` makes it turn recipients away (as a full mailbox or a server in trouble would).
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    // A reverse DNS lookup of 127.0.0.1 would only slow each connection down.
    disableReverseLookup: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        callback(
          Object.assign(new Error('Mailbox unavailable, try again later'), { responseCode: 451 }),
        );
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = decode(Buffer.concat(chunks).toString('utf8'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: headers.get('subject') ?? '',
          messageId: headers.get('message-id') ?? '',
          text,
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** Resolves once `count` messages in all have arrived, or rejects after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`only ${received.length} of ${count} e-mails arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

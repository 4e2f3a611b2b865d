import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailSender } from './mailer';

describe('createMailSender', () => {
  it('writes the whole message to the log at info when SMTP_URL is not set', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mailer = createMailSender({
      smtpUrl: undefined,
      from: 'Smart City <no-reply@smartcity.local>',
      logger: pino({ level: 'info' }, sink),
    });
    await mailer.send({
      to: 'asha@example.org',
      subject: 'Reset your Smart City password',
      text: 'Open http://localhost:3000/api/auth/reset-password/abc?callbackURL=x',
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 30,
      to: 'asha@example.org',
      subject: 'Reset your Smart City password',
    });
    expect(entry.msg).toContain('http://localhost:3000/api/auth/reset-password/abc?callbackURL=x');
  });
});

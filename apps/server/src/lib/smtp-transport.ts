import nodemailer from 'nodemailer';

/** One message for the SMTP server; `messageId` stays the same when it is sent again. */
type OutgoingMail = { to: string; subject: string; text: string; messageId: string };

/** Hands messages to an SMTP server; tests pass one that keeps them or refuses them. */
export type MailTransport = {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

/** The domain of an address such as `Smart City <no-reply@smartcity.local>`, for message ids. */
export function mailDomainOf(from: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(from);
  return match ? match[1]! : 'localhost';
}

/**
 * An SMTP transport for `smtp://` or `smtps://` URLs (user and password in the URL), sending as
 * `from`. Connections are pooled, so a batch of e-mails does not open one connection each.
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(`${url}${url.includes('?') ? '&' : '?'}pool=true`);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type MailMessage = { to: string; subject: string; text: string };

/** Sends the platform's e-mails; tests pass one that keeps the messages instead. */
export type MailSender = { send: (message: MailMessage) => Promise<void> };

/** Sends through SMTP when a server is configured, otherwise writes each message to the log. */
export function createMailSender(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
}): MailSender {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        // Without a mail server the person running the platform still gets the link, from the log.
        logger.info(
          { to: message.to, subject: message.subject },
          `e-mail not sent (SMTP_URL is not set); it reads:\n${message.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject }, 'e-mail sent');
    },
  };
}

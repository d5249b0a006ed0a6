import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** true: handed to the SMTP server; false: no SMTP server configured, written to the log instead. */
  send(mail: OutgoingMail): Promise<boolean>;
  close(): void;
}

/**
 * Sends mail through SMTP_URL when configured (nodemailer), otherwise writes it to the server log so that
 * a fresh install still works. A slow or absent SMTP server fails within seconds, not minutes.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(mail) {
        log.info(
          { mailTo: mail.to, subject: mail.subject, text: mail.text },
          'mail not sent (SMTP_URL unset)',
        );
        return false;
      },
      close() {},
    };
  }
  const smtpUrl = config.smtpUrl;
  // nodemailer is loaded at the first mail, not at every start (decision 0196).
  let transport: Promise<Transporter> | null = null;
  const transportOnce = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    );
    return transport;
  };
  return {
    async send(mail) {
      await (await transportOnce()).sendMail({
        from: config.smtpFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        textEncoding: 'quoted-printable',
      });
      return true;
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}

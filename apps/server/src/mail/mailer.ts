import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps mail in the database and prints it to the log. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Sends through SMTP_URL when it is set; otherwise keeps every message in the dev outbox. */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; db: Database; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await opts.db.insert(mailOutbox).values(message);
      opts.log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'mail kept in the dev outbox (no SMTP_URL)',
      );
    },
  };
}

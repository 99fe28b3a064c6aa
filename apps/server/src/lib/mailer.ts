import type { MailDelivery } from '@carepoint/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/client';
import { outbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}
export type SendMail = (mail: Mail) => Promise<void>;

/**
 * Mail goes through SMTP when SMTP_URL is set; without it, to the server log, the operator's
 * channel. The outbox records every message (recipient, subject, time, delivery) but never its
 * body: a reset link readable in the app would hand its reader the account.
 * A failure is logged and recorded as Failed, not thrown: the mail is sent after the answer.
 */
export function createMailer(opts: {
  db: Executor;
  smtpUrl?: string | undefined;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): SendMail {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return async (mail) => {
    let delivery: MailDelivery = 'Server log';
    let sentAt: Date | null = null;
    if (transport) {
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.body });
        delivery = 'Sent';
        sentAt = new Date();
      } catch (error) {
        delivery = 'Failed';
        const reason = error instanceof Error ? error.message : String(error);
        opts.log.error(`Mail to ${mail.to} (${mail.subject}) could not be sent: ${reason}`);
      }
    } else {
      opts.log.info(`Mail (no SMTP_URL) to ${mail.to}: ${mail.subject}\n${mail.body}`);
    }
    await opts.db.insert(outbox).values({ to: mail.to, subject: mail.subject, delivery, sentAt });
  };
}

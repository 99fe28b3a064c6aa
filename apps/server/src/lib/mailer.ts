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
 * Mail goes through SMTP when SMTP_URL is set; every message is also kept in the outbox
 * table, so without SMTP the operator reads it there (admin screen) or in the server log.
 */
export function createMailer(opts: {
  db: Executor;
  smtpUrl?: string;
  from: string;
  log: (msg: string) => void;
}): SendMail {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return async (mail) => {
    let sentAt: Date | null = null;
    if (transport) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.body });
      sentAt = new Date();
    } else {
      opts.log(`Outbox (no SMTP_URL): to ${mail.to}: ${mail.subject}\n${mail.body}`);
    }
    await opts.db.insert(outbox).values({ ...mail, sentAt });
  };
}

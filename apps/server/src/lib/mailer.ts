import type { MailDelivery } from '@carepoint/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/client';
import { outbox } from '../db/schema';

interface MailAttachment {
  filename: string;
  content: string;
  /** For a calendar entry: 'text/calendar; charset=utf-8; method=REQUEST'. */
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  body: string;
  attachments?: MailAttachment[];
}

/** How a mail went; `error` says why it failed (the SMTP server's answer, never the URL's password). */
interface MailResult {
  delivery: MailDelivery;
  error?: string;
}
export type SendMail = (mail: Mail) => Promise<MailResult>;

/** An error's text with the SMTP URL's user and password taken out, should a library repeat them. */
function withoutSecrets(text: string, smtpUrl: string | undefined) {
  if (!smtpUrl) return text;
  const url = new URL(smtpUrl);
  let clean = text;
  for (const secret of [url.password, decodeURIComponent(url.password), url.username]) {
    if (secret) clean = clean.split(secret).join('***');
  }
  return clean;
}

/**
 * Mail goes through SMTP when SMTP_URL is set; without it, to the server log, the operator's
 * channel. The outbox records every message (recipient, subject, time, delivery) but never its
 * body: a reset link readable in the app would hand its reader the account.
 * A failure is logged, recorded as Failed and answered, not thrown: the mail is sent after the
 * answer, and the message worker (modules/notifications) decides whether to try again.
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
    let reason: string | undefined;
    if (transport) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
        });
        delivery = 'Sent';
        sentAt = new Date();
      } catch (error) {
        delivery = 'Failed';
        reason = withoutSecrets(error instanceof Error ? error.message : String(error), opts.smtpUrl);
        opts.log.error(`Mail to ${mail.to} (${mail.subject}) could not be sent: ${reason}`);
      }
    } else {
      opts.log.info(`Mail (no SMTP_URL) to ${mail.to}: ${mail.subject}\n${mail.body}`);
    }
    await opts.db.insert(outbox).values({ to: mail.to, subject: mail.subject, delivery, sentAt });
    return reason === undefined ? { delivery } : { delivery, error: reason };
  };
}

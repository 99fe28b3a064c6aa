import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/*
 * A CarePoint server of a spec's own (start-server.mjs on another port and data directory) whose
 * SMTP_URL points at an SMTP test server started here: the spec reads the mail it sends (an
 * appointment's reminder, a welcome link), and no other spec depends on mail.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface MailingServer {
  /** The server's address, e.g. http://127.0.0.1:4273. */
  base: string;
  /** Every mail the SMTP server received, in order. */
  received: ParsedMail[];
  /** Stops the server (it removes its data directory) and the SMTP server. */
  stop(): Promise<void>;
}

/**
 * Starts the SMTP server and a CarePoint server on E2E_PORT + `portOffset` (each spec its own
 * offset: the two run at once on two workers), and waits until it answers, however long it takes
 * to start here (within the hook's budget). `env` adds to or overrides the server's settings.
 */
export async function startMailingServer(portOffset: number, env: Record<string, string> = {}) {
  const port = Number(process.env.E2E_PORT ?? 4173) + portOffset;
  const base = `http://127.0.0.1:${port}`;
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const server: ChildProcess = spawn(process.execPath, ['apps/web/e2e/start-server.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      E2E_PORT: String(port),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...env,
    },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, { timeout: 0 })
      .toBe(200);
  } catch (error) {
    // The hook's budget ran out: leave no server behind.
    await stop();
    throw error;
  }
  return { base, received, stop } satisfies MailingServer;
}

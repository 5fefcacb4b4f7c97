/**
 * Outgoing e-mail (the weekly digest, part 4 §8): a port with two implementations, as export
 * files have (exports/storage.ts). nodemailer's MailComposer builds the RFC 822 message either way.
 * In the cloud (MAIL_TRANSPORT=ses) Amazon SES sends it (SESv2 SendEmail with the raw message;
 * infra/constructs/scheduled-jobs.ts grants ses:SendEmail on the sender's identity alone); under
 * `npm start` and in tests it is written to the data folder's `outbox/` as a `.eml` file, the local
 * stand-in. The sender is MAIL_FROM (README, Configuration).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Whether mail can go out: locally always (the outbox); in the cloud once a sender is configured. */
export const canSendMail = () => process.env.MAIL_TRANSPORT !== 'ses' || !!process.env.MAIL_FROM;

/** The sender of every message: MAIL_FROM, or a local placeholder under `npm start`. */
export const mailSender = () => process.env.MAIL_FROM ?? 'Caseload <no-reply@caseload.localhost>';

/** The whole RFC 822 message, as nodemailer composes it (headers, UTF-8 body, Message-ID, Date). */
export function composeMail(mail: OutgoingMail): Promise<Buffer> {
  return new MailComposer({ from: mailSender(), to: mail.to, subject: mail.subject, text: mail.text }).compile().build();
}

/** The local outbox: the data folder's, or the system's temporary folder without one (tests). */
export const localOutboxDir = () => join(process.env.DATA_DIR ?? join(tmpdir(), 'caseload'), 'outbox');

async function writeToOutbox(message: Buffer): Promise<void> {
  const dir = localOutboxDir();
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`), message);
}

async function sendWithSes(message: Buffer): Promise<void> {
  // Imported when used: only the scheduled jobs' bundle sends mail.
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  ses ??= new SESv2Client({});
  await ses.send(new SendEmailCommand({ Content: { Raw: { Data: message } } }));
}
let ses: import('@aws-sdk/client-sesv2').SESv2Client | undefined;

/** Sends one message by the configured transport. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const message = await composeMail(mail);
  if (process.env.MAIL_TRANSPORT === 'ses') await sendWithSes(message);
  else await writeToOutbox(message);
}

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Config } from '../config.ts';

export interface SentMail {
  messageId: string;
  /** The .eml file written when no SMTP server is configured. */
  file?: string;
}

export interface Mailer {
  send(message: Omit<Mail.Options, 'from'>): Promise<SentMail>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message lands as an .eml file in DATA_DIR/outbox. */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ ...message, from: config.mailFrom });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  // A stream, not a buffer: the attachment may be tens of megabytes.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: false, newline: 'windows' });
  return {
    async send(message) {
      await mkdir(outbox, { recursive: true });
      const info = await transport.sendMail({ ...message, from: config.mailFrom });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      // Written under a temporary name so nothing reading the outbox sees half a message.
      const partial = `${file}.part`;
      try {
        await pipeline(info.message, createWriteStream(partial));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

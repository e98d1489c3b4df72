// The local outbox: one JSON file per message in OUTBOX_DIR, plus a one-line log with any link in
// it, so a developer (and the browser suite) can follow an invitation or reset link.
import { randomBytes } from 'node:crypto';
import { link as hardLink, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type OutboxMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** Set when the sender's display name is not the default one. */
  from?: string;
  /** Reply-To and any extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  sentAt: string;
};

export async function writeToOutbox(dir: string, message: Omit<OutboxMessage, 'sentAt'>): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sentAt = new Date().toISOString();
  const file = join(dir, `${sentAt.replace(/[:.]/g, '-')}-${message.channel}-${randomBytes(4).toString('hex')}.json`);
  const full: OutboxMessage = { ...message, sentAt };
  // Whole or not at all: written under another name, then linked in (failing, as `wx` did, if the name exists), so a
  // reader listing the folder meanwhile (the browser suite, a developer's tool) never opens half a message.
  const partial = `${file}.partial`;
  await writeFile(partial, `${JSON.stringify(full, null, 2)}\n`, { flag: 'wx' });
  try {
    await hardLink(partial, file);
  } finally {
    await unlink(partial);
  }
  const link = /https?:\/\/\S+/.exec(message.text)?.[0];
  process.stdout.write(
    `[outbox] ${message.channel} to ${message.to}${message.subject ? `: ${message.subject}` : ''}${link ? ` ${link}` : ''}\n`,
  );
  return file;
}

// Sending e-mail: SES in AWS, the local outbox on this machine. The only place that chooses.
import { SendEmailCommand, SESv2Client, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { tokenLinkPath } from '@shared/link-token';
import { config } from '../config';
import { authorizeStandIn } from '../lib/function-environment';
import { oneLine } from '../domain/message-text';
import { traced } from '../observability/tracing';
import { writeToOutbox } from './outbox';

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * A display name for our sending address (`"Jane Doe via Hearthside" <no-reply@…>`); the address is always
   * MAIL_FROM's.
   */
  fromName?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe…): SESv2 Content.Simple.Headers. */
  headers?: Record<string, string>;
  /**
   * SES message tags (names and values of letters, digits, _ and -): they come back in the configuration set's events.
   */
  tags?: Record<string, string>;
};

export class MailError extends Error {
  override name = 'MailError';
}

let ses: SESv2Client | undefined;

/** The bare address of MAIL_FROM (`Hearthside <no-reply@x>` → `no-reply@x`). */
export function mailFromAddress(mailFrom: string): string {
  return (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
}

/** `"Name" <address>`: quoted (RFC 5322), or an RFC 2047 encoded word when the name is not plain ASCII. */
export function fromHeader(name: string, address: string): string {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  if (/^[\x20-\x7e]*$/.test(clean)) return `"${clean.replace(/["\\]/g, '\\$&')}" <${address}>`;
  return `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?= <${address}>`;
}

/** Sends the message; answers SES's message id (undefined for the outbox). */
export async function sendEmail(unsafeMessage: EmailMessage): Promise<string | undefined> {
  // Every subject is one line: a name or a typed subject cannot start a header or hide text after a line break.
  const message = { ...unsafeMessage, subject: oneLine(unsafeMessage.subject) };
  const { mailProvider, outboxDir, mailFrom, region, sesConfigurationSet } = config();
  const from = message.fromName ? fromHeader(message.fromName, mailFromAddress(mailFrom)) : mailFrom;
  const input: SendEmailCommandInput = {
    FromEmailAddress: from,
    Destination: { ToAddresses: [message.to] },
    ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
    ...(sesConfigurationSet ? { ConfigurationSetName: sesConfigurationSet } : {}),
    ...(message.tags ? { EmailTags: Object.entries(message.tags).map(([Name, Value]) => ({ Name, Value })) } : {}),
    Content: {
      Simple: {
        Subject: { Data: message.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        ...(message.headers
          ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) }
          : {}),
      },
    },
  };
  if (mailProvider === 'outbox') {
    if (!outboxDir) throw new MailError('MAIL_PROVIDER=outbox needs OUTBOX_DIR');
    try {
      authorizeStandIn(
        (deployed) => deployed.MAIL_PROVIDER === 'ses',
        () => ({ client: 'SESv2Client', command: 'SendEmailCommand', input }),
      );
    } catch (error) {
      throw new MailError(`E-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    }
    const headers = { ...(message.headers ?? {}), ...(message.replyTo ? { 'Reply-To': message.replyTo } : {}) };
    await writeToOutbox(outboxDir, {
      channel: 'email',
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.fromName ? { from } : {}),
      ...(Object.keys(headers).length ? { headers } : {}),
    });
    return undefined;
  }
  ses ??= traced(new SESv2Client({ region }));
  try {
    const out = await ses.send(new SendEmailCommand(input));
    return out.MessageId;
  } catch (error) {
    throw new MailError(`E-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The e-mailed link to an app page that carries a single-use token: `{APP_URL}{path}#token=…`. */
export const tokenLink = (path: string, token: string): string => `${config().appUrl}${tokenLinkPath(path, token)}`;

export { escapeHtml } from '../domain/message-text';

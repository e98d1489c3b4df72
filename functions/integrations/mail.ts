// Sending e-mail: SES in AWS, the local outbox on this machine. The only place that chooses.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { tokenLinkPath } from '../../shared/link-token';
import { config } from '../config';
import { traced } from '../observability/tracing';
import { writeToOutbox } from './outbox';

export type EmailMessage = { to: string; subject: string; text: string; html: string };

export class MailError extends Error {
  override name = 'MailError';
}

let ses: SESv2Client | undefined;

export async function sendEmail(message: EmailMessage): Promise<void> {
  const { mailProvider, outboxDir, mailFrom, region } = config();
  if (mailProvider === 'outbox') {
    if (!outboxDir) throw new MailError('MAIL_PROVIDER=outbox needs OUTBOX_DIR');
    await writeToOutbox(outboxDir, { channel: 'email', to: message.to, subject: message.subject, text: message.text, html: message.html });
    return;
  }
  ses ??= traced(new SESv2Client({ region }));
  try {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: mailFrom,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  } catch (error) {
    throw new MailError(`E-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The e-mailed link to an app page that carries a single-use token: `{APP_URL}{path}#token=…`. */
export const tokenLink = (path: string, token: string): string => `${config().appUrl}${tokenLinkPath(path, token)}`;

export { escapeHtml } from '../domain/message-text';

// The e-mails of priority support, to the agent who wrote: the confirmation that their request
// arrived, and an administrator's reply. What the agent typed is quoted as plain data (one line,
// links defanged); the administrator's reply is shown as written, every character escaped.
import { SUPPORT_SUBJECT_MAX } from '@shared/support';
import { config } from '../config';
import { agentHtml, agentText, firstName, messageBodyHtml, messageBodyText } from '../domain/message-text';
import { escapeHtml, sendEmail } from './mail';

type Request = { agentName: string; agentEmail: string; subject: string; priority: 'pro' | 'standard' };

export const SUPPORT_CONFIRMATION_SUBJECT = 'We received your request';
export const SUPPORT_REPLY_SUBJECT = 'Hearthside support replied to your request';

const helpPage = () => `${config().appUrl}/help`;

export async function sendSupportConfirmation(request: Request): Promise<void> {
  const subject = agentText(request.subject, SUPPORT_SUBJECT_MAX);
  const when =
    request.priority === 'pro'
      ? 'As a Pro member, your request is answered first: it goes to the front of our queue.'
      : 'We answer requests in the order they arrive.';
  await mailRequester(request, SUPPORT_CONFIRMATION_SUBJECT, {
    text:
      `We received your support request "${subject}". ${when}\n\n` +
      `We will reply by e-mail, and you can follow your request on your Help page:\n\n${helpPage()}`,
    html:
      `<p>We received your support request &ldquo;${agentHtml(request.subject, SUPPORT_SUBJECT_MAX)}&rdquo;. ${escapeHtml(when)}</p>` +
      `<p>We will reply by e-mail, and you can follow your request on your <a href="${escapeHtml(helpPage())}">Help page</a>.</p>`,
  });
}

export async function sendSupportReply(
  request: Request,
  reply: { author: string; text: string },
  closed: boolean,
): Promise<void> {
  const subject = agentText(request.subject, SUPPORT_SUBJECT_MAX);
  const author = agentText(reply.author);
  const closing = closed
    ? 'We have closed this request. If you need anything else, send a new one from your Help page.'
    : 'To add anything, send a new request from your Help page.';
  await mailRequester(request, SUPPORT_REPLY_SUBJECT, {
    text:
      `${author} from Hearthside support replied to your request "${subject}":\n\n` +
      `${messageBodyText(reply.text)}\n\n` +
      `${closing}\n${helpPage()}`,
    html:
      `<p>${escapeHtml(author)} from Hearthside support replied to your request &ldquo;${agentHtml(request.subject, SUPPORT_SUBJECT_MAX)}&rdquo;:</p>` +
      `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #d0d7de">${messageBodyHtml(reply.text)}</blockquote>` +
      `<p>${escapeHtml(closing)} <a href="${escapeHtml(helpPage())}">Open your Help page</a></p>`,
  });
}

/** An e-mail to the agent who wrote: greeted by their first name, signed by Hearthside support. */
async function mailRequester(request: Request, subject: string, body: { text: string; html: string }): Promise<void> {
  await sendEmail({
    to: request.agentEmail,
    subject,
    text: `Hi ${firstName(request.agentName)},\n\n${body.text}\n\nHearthside support\n`,
    html: `<p>Hi ${escapeHtml(firstName(request.agentName))},</p>${body.html}<p>Hearthside support</p>`,
  });
}

// The e-mail that confirms an account was closed, sent to the address it was registered with.
import { config } from '../config';
import { agentHtml, agentText } from '../domain/message-text';
import { escapeHtml, sendEmail } from './mail';

export async function sendAccountClosedEmail(agent: { fullName: string; username: string }): Promise<void> {
  const home = config().appUrl;
  await sendEmail({
    to: agent.username,
    subject: 'Your Hearthside account is closed',
    text:
      `Hi ${agentText(agent.fullName)},\n\n` +
      'Your Hearthside account is closed, as you asked. Your Pro subscription, if you had one, is cancelled and ' +
      'will not be charged again. We are erasing your clients, their key dates, messages, review requests, videos ' +
      'and imports; nothing of them stays with us.\n\n' +
      `If you did not close your account, reply to this e-mail at once. You are welcome back any time: ${home}\n`,
    html:
      `<p>Hi ${agentHtml(agent.fullName)},</p>` +
      '<p>Your Hearthside account is closed, as you asked. Your Pro subscription, if you had one, is cancelled and ' +
      'will not be charged again. We are erasing your clients, their key dates, messages, review requests, videos ' +
      'and imports; nothing of them stays with us.</p>' +
      `<p>If you did not close your account, reply to this e-mail at once. You are welcome back any time: ` +
      `<a href="${escapeHtml(home)}">${escapeHtml(home)}</a></p>`,
  });
}

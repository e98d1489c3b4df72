// The e-mail an agent gets when Stripe could not take a Pro payment.
import { config } from '../config';
import { agentHtml, agentText } from '../domain/message-text';
import { escapeHtml, sendEmail } from './mail';

export async function sendPaymentFailedEmail(
  agent: { fullName: string; username: string },
  amount: string,
  invoiceUrl: string | undefined,
): Promise<void> {
  const settings = `${config().appUrl}/settings`;
  const payLink = invoiceUrl ?? settings;
  await sendEmail({
    to: agent.username,
    subject: 'Your Pro payment did not go through',
    text:
      `Hi ${agentText(agent.fullName)},\n\n` +
      `We could not collect your Pro plan payment of ${amount}. Stripe will try again over the next few days; ` +
      `to keep Pro without interruption, please update your payment method:\n\n${payLink}\n\n` +
      `You can manage your subscription from Settings at any time: ${settings}\n\n` +
      `If Pro ends, none of your clients are deleted; you just cannot add more than the free plan allows.\n`,
    html:
      `<p>Hi ${agentHtml(agent.fullName)},</p>` +
      `<p>We could not collect your Pro plan payment of ${escapeHtml(amount)}. Stripe will try again over the next few days; ` +
      `to keep Pro without interruption, please update your payment method:</p>` +
      `<p><a href="${escapeHtml(payLink)}">Update payment</a></p>` +
      `<p>You can manage your subscription from <a href="${escapeHtml(settings)}">Settings</a> at any time.</p>` +
      `<p>If Pro ends, none of your clients are deleted; you just cannot add more than the free plan allows.</p>`,
  });
}

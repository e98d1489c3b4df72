// The note an agent sends a client to ask for a Google review: an e-mail always, and a text message
// too when SMS is set up and the client's phone can be read as E.164.
import { phoneToE164 } from '../domain/phone-numbers';
import { escapeHtml, sendEmail } from './mail';
import { sendSms, SmsError, smsConfigured } from './sms';

type Agent = { fullName: string; username: string; businessName?: string | null };
type Recipient = { name: string; email: string; phone: string | null };

export type ReviewRequestDelivery = { texted: boolean; smsProblem?: string };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const sender = (agent: Agent) => (agent.businessName ? `${agent.fullName} from ${agent.businessName}` : agent.fullName);

/** Sends the request; a failed e-mail throws (MailError), a failed text is only reported. */
export async function sendReviewRequest(client: Recipient, agent: Agent, reviewUrl: string): Promise<ReviewRequestDelivery> {
  const from = sender(agent);
  const hello = firstName(client.name);
  await sendEmail({
    to: client.email,
    subject: `${from} would love to hear about your experience`,
    text:
      `Hi ${hello},\n\n` +
      `Thank you again for trusting me with your home journey. If you have a minute, a short Google review ` +
      `would mean a lot and helps other families find me:\n\n${reviewUrl}\n\n` +
      `Thank you!\n${[agent.fullName, agent.businessName].filter(Boolean).join('\n')}\n`,
    html:
      `<p>Hi ${escapeHtml(hello)},</p>` +
      `<p>Thank you again for trusting me with your home journey. If you have a minute, a short Google review ` +
      `would mean a lot and helps other families find me.</p>` +
      `<p><a href="${escapeHtml(reviewUrl)}">Leave a Google review</a></p>` +
      `<p>Thank you!<br>${[agent.fullName, agent.businessName].filter(Boolean).map((l) => escapeHtml(String(l))).join('<br>')}</p>`,
  });
  const to = phoneToE164(client.phone);
  if (!(await smsConfigured())) return { texted: false, smsProblem: 'text messages are not set up' };
  if (!to) return { texted: false, smsProblem: 'the phone number cannot receive text messages' };
  return sendSms(to, `Hi ${hello}, it's ${from}. If you have a minute, a short Google review would mean a lot: ${reviewUrl}`).then(
    () => ({ texted: true }),
    (error: unknown) => {
      if (error instanceof SmsError) return { texted: false, smsProblem: 'the text message could not be sent' };
      throw error;
    },
  );
}

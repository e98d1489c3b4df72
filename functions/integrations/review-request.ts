// The note an agent sends a client to ask for a Google review: an e-mail always, and a text message
// too when SMS is set up and the client's phone can be read as E.164.
import { firstName, senderLine, signatureLines } from '../domain/message-text';
import { config } from '../config';
import { releaseSend, type SendSlot } from '../data/outbound-caps';
import { isRefusal, type SendCapRefusal } from '../domain/refusals';
import { smsCountriesPhrase, textDestination } from '../domain/phone-numbers';
import { escapeHtml, sendEmail } from './mail';
import { sendSms, SmsError, smsConfigured } from './sms';

type Agent = { id: string; fullName: string; username: string; businessName?: string | null };
/** `replyTo`: where the client's answer goes (functions/services/reply-addresses.ts). */
type Recipient = { name: string; email: string; phone: string | null; replyTo?: string };

export type ReviewRequestDelivery = { texted: boolean; smsProblem?: string };

/**
 * Sends the request; a failed e-mail throws (MailError), a failed text is only reported. The text
 * takes a slot of the agent's daily SMS cap first (`reserveText`), given back when it fails.
 */
export async function sendReviewRequest(
  client: Recipient,
  agent: Agent,
  reviewUrl: string,
  reserveText: () => Promise<SendSlot | SendCapRefusal>,
): Promise<ReviewRequestDelivery> {
  const from = senderLine(agent);
  const hello = firstName(client.name);
  await sendEmail({
    to: client.email,
    // SES's bounces and complaints come back to the agent (jobs/ses-events).
    tags: { agent: agent.id },
    ...(client.replyTo ? { replyTo: client.replyTo } : {}),
    subject: `${from} would love to hear about your experience`,
    text:
      `Hi ${hello},\n\n` +
      `Thank you again for trusting me with your home journey. If you have a minute, a short Google review ` +
      `would mean a lot and helps other families find me:\n\n${reviewUrl}\n\n` +
      `Thank you!\n${signatureLines(agent).join('\n')}\n`,
    html:
      `<p>Hi ${escapeHtml(hello)},</p>` +
      `<p>Thank you again for trusting me with your home journey. If you have a minute, a short Google review ` +
      `would mean a lot and helps other families find me.</p>` +
      `<p><a href="${escapeHtml(reviewUrl)}">Leave a Google review</a></p>` +
      `<p>Thank you!<br>${signatureLines(agent).map(escapeHtml).join('<br>')}</p>`,
  });
  if (!(await smsConfigured())) return { texted: false, smsProblem: 'text messages are not set up' };
  const destination = textDestination(client.phone, config().smsAllowedCountries);
  if (!destination.ok) {
    const smsProblem =
      destination.reason === 'country'
        ? smsCountriesPhrase(config().smsAllowedCountries)
        : 'the phone number cannot receive text messages';
    return { texted: false, smsProblem };
  }
  const slot = await reserveText();
  if (isRefusal(slot)) return { texted: false, smsProblem: noTextSlot(slot) };
  return sendSms(
    destination.to,
    `Hi ${hello}, it's ${from}. If you have a minute, a short Google review would mean a lot: ${reviewUrl}`,
  ).then(
    () => ({ texted: true }),
    async (error: unknown) => {
      if (!(error instanceof SmsError)) throw error;
      await releaseSend(slot);
      return { texted: false, smsProblem: 'the text message could not be sent' };
    },
  );
}

/** Why the request's text got no slot, as the answer's `smsProblem` says it. */
function noTextSlot(refusal: SendCapRefusal): string {
  if (refusal.kind === 'sending-paused') return 'sending to clients is paused';
  if (refusal.kind === 'platform-limit') return "Hearthside's daily text limit for all accounts was reached";
  return `you have sent today's limit of ${refusal.limit} text messages`;
}

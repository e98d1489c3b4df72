// The note an agent sends a client to ask for a Google review: the words of its e-mail and of its text. Both go out
// through the client's messages (services/messages.ts), with every check a message written by hand passes.
import { firstName, senderLine, signatureLines } from '../domain/message-text';
import { escapeHtml } from './mail';

type Agent = { fullName: string; businessName?: string | null };

/** The request by e-mail: `html` holds the review link as a link (the code made it, never the client's text). */
export function reviewRequestEmail(
  clientName: string,
  agent: Agent,
  reviewUrl: string,
): { subject: string; body: string; html: string } {
  const hello = firstName(clientName);
  return {
    subject: `${senderLine(agent)} would love to hear about your experience`,
    body:
      `Hi ${hello},\n\n` +
      `Thank you again for trusting me with your home journey. If you have a minute, a short Google review ` +
      `would mean a lot and helps other families find me:\n\n${reviewUrl}\n\n` +
      `Thank you!\n${signatureLines(agent).join('\n')}`,
    html:
      `<p>Hi ${escapeHtml(hello)},</p>` +
      `<p>Thank you again for trusting me with your home journey. If you have a minute, a short Google review ` +
      `would mean a lot and helps other families find me.</p>` +
      `<p><a href="${escapeHtml(reviewUrl)}">Leave a Google review</a></p>` +
      `<p>Thank you!<br>${signatureLines(agent).map(escapeHtml).join('<br>')}</p>`,
  };
}

/** The request by text. */
export function reviewRequestText(clientName: string, agent: Agent, reviewUrl: string): string {
  return `Hi ${firstName(clientName)}, it's ${senderLine(agent)}. If you have a minute, a short Google review would mean a lot: ${reviewUrl}`;
}

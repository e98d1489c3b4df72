// The e-mail an agent gets when a client writes back: the reply (and those held since the last notice), and a link
// to the conversation. What the client wrote is untrusted: shown as plain words, its links defanged.
import { config } from '../config';
import { agentText, defang, escapeHtml, messageBodyHtml, messageBodyText } from '../domain/message-text';
import { sendEmail } from './mail';

export type ReplyForNotice = { channel: 'email' | 'sms'; body: string; at: string; subject?: string };

/** The link to the client's conversation in the app. */
export function conversationLink(clientId: string): string {
  return `${config().appUrl}/inbox/${encodeURIComponent(clientId)}`;
}

const channelWord = (channel: ReplyForNotice['channel']) => (channel === 'email' ? 'e-mail' : 'text');

export async function sendReplyNotice(
  agent: { fullName: string; username: string },
  client: { id: string; name: string },
  reply: ReplyForNotice,
  earlier: ReadonlyArray<{ channel: ReplyForNotice['channel']; at: string; excerpt: string }>,
): Promise<void> {
  const link = conversationLink(client.id);
  const name = agentText(client.name);
  const body = defang(messageBodyText(reply.body));
  const subjectLine = reply.subject ? `Subject: ${agentText(reply.subject, 200)}\n` : '';
  const olderText = earlier.length
    ? `\nAlso since the last notice:\n${earlier.map((r) => `- ${r.at} (${channelWord(r.channel)}): ${agentText(r.excerpt, 200)}`).join('\n')}\n`
    : '';
  const olderHtml = earlier.length
    ? `<p>Also since the last notice:</p><ul>${earlier
        .map(
          (r) => `<li>${escapeHtml(r.at)} (${channelWord(r.channel)}): ${escapeHtml(agentText(r.excerpt, 200))}</li>`,
        )
        .join('')}</ul>`
    : '';
  await sendEmail({
    to: agent.username,
    subject: `${name} replied by ${channelWord(reply.channel)}`,
    text:
      `Hi ${agentText(agent.fullName)},\n\n` +
      `${name} replied by ${channelWord(reply.channel)} at ${reply.at}:\n\n${subjectLine}${body}\n` +
      `${olderText}\nAnswer in your inbox:\n\n${link}\n\n` +
      `Automatic messages to ${name} are paused while you are in conversation.\n`,
    html:
      `<p>Hi ${escapeHtml(agentText(agent.fullName))},</p>` +
      `<p>${escapeHtml(name)} replied by ${channelWord(reply.channel)} at ${escapeHtml(reply.at)}:</p>` +
      (reply.subject ? `<p><strong>Subject:</strong> ${escapeHtml(agentText(reply.subject, 200))}</p>` : '') +
      `<blockquote>${messageBodyHtml(body)}</blockquote>${olderHtml}` +
      `<p><a href="${escapeHtml(link)}">Answer in your inbox</a></p>` +
      `<p>Automatic messages to ${escapeHtml(name)} are paused while you are in conversation.</p>`,
  });
}

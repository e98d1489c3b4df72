// The e-mails of the public flows: an agent's invitation to a client, the notice an agent gets
// when a client could not join because the free plan is full, and the confirmation a known client
// gets when someone registers with their e-mail from the realtor directory.
import { INVITATION_TTL_DAYS, REGISTRATION_SUBMISSION_TTL_DAYS } from '@shared/client-registration';
import { FREE_CLIENT_LIMIT, PRO_PRICE_USD } from '@shared/constants';
import { config } from '../config';
import { agentHtml, agentText, senderLine, signatureLines } from '../domain/message-text';
import { escapeHtml, sendEmail, tokenLink } from './mail';

type Agent = { fullName: string; username: string; businessName?: string | null };
/** An agent who mails a client: the `agent` tag brings SES's bounces and complaints back to them. */
type SendingAgent = Agent & { id: string };

export function invitationLink(token: string): string {
  return tokenLink('/client-registration', token);
}

export async function sendInvitationEmail(
  to: { name: string; email: string },
  agent: SendingAgent,
  token: string,
): Promise<void> {
  const link = invitationLink(token);
  const from = senderLine(agent);
  const name = agentText(to.name);
  await sendEmail({
    to: to.email,
    tags: { agent: agent.id },
    subject: `${from} invited you to complete your client profile`,
    text:
      `Hi ${name},\n\n` +
      `${from} would like to keep in touch with you and remember the dates that matter to you. ` +
      `It only takes a minute to complete your client profile:\n\n${link}\n\n` +
      `This link is just for you: it works once and expires in ${INVITATION_TTL_DAYS} days. ` +
      `If you have any questions, you can reach ${agentText(agent.fullName)} at ${agent.username}.\n\n` +
      `Warm regards,\n${signatureLines(agent).join('\n')}\n`,
    html:
      `<p>Hi ${escapeHtml(name)},</p>` +
      `<p>${escapeHtml(from)} would like to keep in touch with you and remember the dates that matter to you. ` +
      `It only takes a minute to complete your client profile:</p>` +
      `<p><a href="${escapeHtml(link)}">Complete my profile</a></p>` +
      `<p>This link is just for you: it works once and expires in ${INVITATION_TTL_DAYS} days. ` +
      `If you have any questions, you can reach ${agentHtml(agent.fullName)} at <a href="mailto:${escapeHtml(agent.username)}">${escapeHtml(agent.username)}</a>.</p>` +
      `<p>Warm regards,<br>${signatureLines(agent).map(escapeHtml).join('<br>')}</p>`,
  });
}

export async function sendPlanFullNotice(agent: Agent, client: { name: string; email: string }): Promise<void> {
  const settings = `${config().appUrl}/settings`;
  const name = agentText(client.name);
  const email = agentText(client.email);
  await sendEmail({
    to: agent.username,
    subject: 'A client could not join: your free plan is full',
    text:
      `Hi ${agentText(agent.fullName)},\n\n` +
      `${name} (${email}) tried to register as your client, but your free plan already has ` +
      `the maximum of ${FREE_CLIENT_LIMIT} clients, so they could not join.\n\n` +
      `Upgrade to Pro ($${PRO_PRICE_USD}/month) for unlimited clients:\n\n${settings}\n\n` +
      `Once you have upgraded, ask ${name} to register again.\n`,
    html:
      `<p>Hi ${agentHtml(agent.fullName)},</p>` +
      `<p>${escapeHtml(name)} (${escapeHtml(email)}) tried to register as your client, but your free plan already has ` +
      `the maximum of ${FREE_CLIENT_LIMIT} clients, so they could not join.</p>` +
      `<p><a href="${escapeHtml(settings)}">Upgrade to Pro ($${PRO_PRICE_USD}/month)</a> for unlimited clients.</p>` +
      `<p>Once you have upgraded, ask ${escapeHtml(name)} to register again.</p>`,
  });
}

export function registrationConfirmLink(token: string): string {
  return tokenLink('/client-registration/confirm', token);
}

/** The submitted details, as lines of plain data for the client to check. */
export type SubmittedDetails = Array<[label: string, value: string]>;

/**
 * To a known client when someone registered with their e-mail from the directory: nothing changed
 * yet, and the link applies the details. The submitted text is shown as data only (escaped, no links).
 */
export async function sendAlreadyConnectedEmail(
  to: { name: string; email: string },
  agent: Agent,
  token: string,
  details: SubmittedDetails,
  pending = false,
): Promise<void> {
  const link = registrationConfirmLink(token);
  const agentName = agentText(agent.fullName);
  const name = agentText(to.name);
  // A new registration through the directory waits for this confirmation; a known e-mail changes nothing.
  const subject = pending
    ? `Confirm your registration with ${agentName}`
    : `You're already connected with ${agentName}`;
  const intro = pending
    ? `Someone, hopefully you, just registered as ${agentName}'s client with this e-mail address. ` +
      `Nothing is shared with ${agentName} as your confirmed details until you confirm.`
    : `Someone, hopefully you, just registered as ${agentName}'s client with this e-mail address. ` +
      `You are already one of ${agentName}'s clients, so we have not changed anything yet.`;
  const ask = pending
    ? `If this was you, confirm your registration here:`
    : `If these are your details and you want ${agentName} to have them, confirm them here:`;
  const lines = details.map(([label, value]) => [label, agentText(value)] as const);
  const after =
    `The link works once and expires in ${REGISTRATION_SUBMISSION_TTL_DAYS} days. ` +
    `If this was not you, ignore this e-mail: nothing will change.`;
  await sendEmail({
    to: to.email,
    subject,
    text:
      `Hi ${name},\n\n${intro}\n\n` +
      lines.map(([label, value]) => `${label}: ${value}`).join('\n') +
      `\n\n${ask}\n\n${link}\n\n${after}\n`,
    html:
      `<p>Hi ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p>` +
      `<ul>${lines.map(([label, value]) => `<li>${escapeHtml(label)}: <span>${escapeHtml(value)}</span></li>`).join('')}</ul>` +
      `<p>${escapeHtml(ask)}</p><p><a href="${escapeHtml(link)}">Confirm my details</a></p><p>${escapeHtml(after)}</p>`,
  });
}

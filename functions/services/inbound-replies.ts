// A client wrote back (a text, or an e-mail reply): the one place a reply is taken in, whichever way it came. In
// order: the message joins the client's activity (so a crash later still keeps what the client said), Last Contact
// moves and the automatic sends to the client pause (one write of the client record), the conversation moves to the
// top of the agent's inbox as unread, the automatic messages waiting for that client stop going out on their own,
// and the agent hears of it by e-mail (at most once per client per window; later replies go in the next notice) and
// on their devices by web push (each reply, when the agent's `replies` switch is on).
import { createHash } from 'node:crypto';
import { APPROVAL_NOTES, REPLY_PAUSE_DAYS } from '@shared/automations';
import { todayIn } from '@shared/dates';
import { changeClient } from '../client-record/record';
import { getClient, type ClientItem } from '../data/clients';
import { excerptOf, noteConversationMessage } from '../data/conversations';
import { changeMessageStatus, listOutgoing, putMessageOnce } from '../data/messages';
import { releaseSend } from '../data/outbound-caps';
import { claimReplyNotice, releaseHeldNotice } from '../data/reply-notices';
import { getUserById, pushPrefsOf, type UserItem } from '../data/users';
import { replySenderProblem, type SenderVerdicts } from '../domain/inbound-email';
import { replyNotification } from '../domain/push-notifications';
import { randomId } from '../domain/signed-tokens';
import { pushToAgent } from '../integrations/push';
import { sendReplyNotice } from '../integrations/reply-emails';
import { createLogger } from '../observability/logger';

const DAY_MS = 86_400_000;
/** Longer replies are cut (the full original of an e-mail stays at `rawKey`). */
export const INBOUND_BODY_MAX = 20_000;
const SUBJECT_MAX = 300;

export type InboundReply = {
  agentId: string;
  clientId: string;
  channel: 'email' | 'sms';
  subject?: string;
  body: string;
  /** When the reply arrived. */
  at: Date;
  /** Where the raw original is kept (an e-mail's RFC 5322 source in S3). */
  rawKey?: string;
  /** The address or number it came from. */
  from: string;
  /**
   * The provider's own id of the message (Twilio's MessageSid, SNS's inboundMessageId, an e-mail's Message-ID): a
   * delivery of the same message again (a provider's retry) is taken in once.
   */
  sourceId?: string;
  /** An e-mail's sender checks as SES gave them (SPF, DKIM, DMARC): a failed one marks the reply. */
  verdicts?: SenderVerdicts;
};

/** The agent has no such client (deleted meanwhile, or never theirs): the reply is not stored. */
export class ReplyClientNotFoundError extends Error {
  override name = 'ReplyClientNotFoundError';
  constructor() {
    super('The client this reply names does not exist.');
  }
}

/** The id of the activity entry of a provider's message: the same message gets the same id. */
function inboundMessageId(channel: string, sourceId: string): string {
  return createHash('sha256').update(`inbound|${channel}|${sourceId}`).digest('base64url').slice(0, 22);
}

/** Takes in a client's reply; throws ReplyClientNotFoundError when the agent has no such client. */
export async function recordInboundReply(input: InboundReply): Promise<{ messageId: string }> {
  const log = createLogger({ component: 'inbound-replies' });
  const client = await getClient(input.agentId, input.clientId);
  if (!client) throw new ReplyClientNotFoundError();
  const at = input.at.toISOString();
  const body = input.body.slice(0, INBOUND_BODY_MAX);
  const subject = input.subject ? input.subject.slice(0, SUBJECT_MAX) : undefined;
  const messageId = input.sourceId ? inboundMessageId(input.channel, input.sourceId) : randomId();
  // An e-mail from another address than the client's, or that failed its sender checks, is shown marked.
  const problem = input.channel === 'email' ? replySenderProblem(input.from, client.email, input.verdicts) : undefined;
  const stored = await putMessageOnce({
    id: messageId,
    agentId: input.agentId,
    clientId: input.clientId,
    channel: input.channel,
    direction: 'inbound',
    status: 'received',
    body,
    ...(subject ? { subject } : {}),
    from: input.from,
    to: '',
    receivedAt: at,
    ...(input.rawKey ? { rawKey: input.rawKey } : {}),
    ...(problem ? { problem } : {}),
    slotDay: at.slice(0, 10),
    createdAt: new Date().toISOString(),
  });
  // Delivered before: taken in then, not twice (a crash right after that store would have lost only the notice).
  if (!stored) return { messageId };

  // Only the client's own reply moves Last Contact and pauses their automatic messages: a marked one may be anyone's.
  const pauseUntil = new Date(input.at.getTime() + REPLY_PAUSE_DAYS * DAY_MS).toISOString();
  if (!problem)
    await changeClient(
      input.agentId,
      input.clientId,
      { kind: 'replied', at, pauseUntil, channel: input.channel },
      { known: client },
    );
  const excerpt = excerptOf(subject && input.channel === 'email' ? `${subject}: ${body}` : body);
  await noteConversationMessage(input.agentId, input.clientId, {
    direction: 'inbound',
    channel: input.channel,
    excerpt,
    at,
  });

  const agent = await getUserById(input.agentId);
  const repliedOn = todayIn(agent?.timeZone ?? 'UTC', input.at);
  const held = problem ? 0 : await holdWaitingAutomatic(input.agentId, input.clientId, repliedOn);
  if (held) log.info('automatic messages held after a reply', { held });
  // Never throws: the reply is taken in whatever the push services do.
  if (agent && pushPrefsOf(agent).replies)
    await pushToAgent(agent.id, replyNotification({ clientId: client.id, clientName: client.name, excerpt }));

  const notice = await claimReplyNotice(
    input.agentId,
    input.clientId,
    {
      messageId,
      channel: input.channel,
      excerpt,
      at,
    },
    input.at,
  );
  if (notice.send && agent)
    await notifyAgent(agent, client, { channel: input.channel, body, at, subject }, notice.earlier);
  return { messageId };
}

/**
 * The notice of replies a window held, once it has passed and no later reply sent them (the hourly run): the newest
 * as the reply, the others listed. False when there was nothing to send (already sent, or the window still open).
 */
export async function sendHeldReplyNotice(clientId: string, now = new Date()): Promise<boolean> {
  const held = await releaseHeldNotice(clientId, now);
  if (!held) return false;
  const [agent, client] = await Promise.all([getUserById(held.agentId), getClient(held.agentId, clientId)]);
  if (!agent || !client) return false;
  const newest = held.waiting.at(-1)!;
  await notifyAgent(
    agent,
    client,
    { channel: newest.channel, body: newest.excerpt, at: newest.at },
    held.waiting.slice(0, -1),
  );
  return true;
}

async function notifyAgent(
  agent: UserItem,
  client: ClientItem,
  reply: Parameters<typeof sendReplyNotice>[2],
  earlier: Parameters<typeof sendReplyNotice>[3],
): Promise<void> {
  // The reply is stored and shown in the inbox whatever the mail service does: a failed notice is logged, not thrown.
  await sendReplyNotice(agent, client, reply, earlier).catch((error: unknown) => {
    createLogger({ component: 'inbound-replies' }).error('reply notice not sent', { error });
  });
}

/**
 * The automatic messages waiting for this client in the agent's queue say the client replied; a scheduled one goes
 * back to waiting for approval (its daily-cap slot returned), so none leaves on its own. Answers how many changed.
 */
async function holdWaitingAutomatic(agentId: string, clientId: string, repliedOn: string): Promise<number> {
  const note = APPROVAL_NOTES.replied(repliedOn);
  let held = 0;
  for (const item of await listOutgoing(agentId)) {
    if (item.clientId !== clientId || !item.automatic) continue;
    if (item.status !== 'awaiting-approval' && item.status !== 'scheduled') continue;
    const changed = await changeMessageStatus(clientId, item.id, {
      from: item.status,
      to: 'awaiting-approval',
      set: { note },
      leaveDueIndex: true,
    });
    if (!changed) continue;
    held += 1;
    if (item.status === 'scheduled') {
      await releaseSend({ agentId, channel: item.channel, day: item.slotDay });
    }
  }
  return held;
}

// Where a client's reply to an agent's e-mail goes: with INBOUND_EMAIL_DOMAIN, the Reply-To of every client e-mail is
// the agent's name at `r-<token>@<domain>` (functions/domain/reply-address.ts), which SES receives for us; without
// it, the agent's own address. The token's key is derived from the unsubscribe links' purpose key: every function
// that mails clients holds that key already (the reminders worker holds nothing else), and the derivation keeps the
// two kinds of token apart. An address minted under a replaced root still routes: its key is tried too
// (functions/data/mark-keys.ts: the roots of the secret, then those carried by `npm run optouts:rehash`).
import { config } from '../config';
import { findClientById } from '../data/admin-clients';
import { currentMarkKeys, markKeys } from '../data/mark-keys';
import { agentText } from '../domain/message-text';
import { mintReplyToken, replyAddress, replyTokenClientId, verifyReplyToken } from '../domain/reply-address';
import { fromHeader } from '../integrations/mail';

/** The Reply-To header of an e-mail from this agent to this client. */
export async function replyToFor(
  agent: { id: string; fullName: string; username: string },
  clientId: string,
): Promise<string> {
  const domain = config().inboundEmailDomain;
  if (!domain) return agent.username;
  const { reply } = await currentMarkKeys();
  return fromHeader(agentText(agent.fullName), replyAddress(mintReplyToken(reply, agent.id, clientId), domain));
}

/** The agent and client a reply token names, or null when it is malformed, forged, or its client is gone. */
export async function replyRecipient(token: string): Promise<{ agentId: string; clientId: string } | null> {
  const clientId = replyTokenClientId(token);
  if (clientId === null) return null;
  const client = await findClientById(clientId);
  if (!client) return null;
  const keys = (await markKeys()).map(({ reply }) => reply);
  const verified = verifyReplyToken(keys, token, client.agentId);
  return verified === null ? null : { agentId: client.agentId, clientId: verified };
}

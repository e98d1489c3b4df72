// Where a client's reply to an agent's e-mail goes: with INBOUND_EMAIL_DOMAIN, the Reply-To of every client e-mail is
// the agent's name at `r-<token>@<domain>` (functions/domain/reply-address.ts), which SES receives for us; without
// it, the agent's own address. The token's key is derived from the unsubscribe links' purpose key: every function
// that mails clients holds that key already (the reminders worker holds nothing else), and the derivation keeps the
// two kinds of token apart.
import { config, signingKeys } from '../config';
import { findClientById } from '../data/admin-clients';
import { agentText } from '../domain/message-text';
import type { Keyring } from '../domain/signing-keys';
import {
  mintReplyToken,
  replyAddress,
  replyAddressKey,
  replyTokenClientId,
  verifyReplyToken,
} from '../domain/reply-address';
import { fromHeader } from '../integrations/mail';

const PURPOSE = 'unsubscribe';

/** The current key first, then those of replaced roots still kept. */
function replyKeys(ring: Keyring): Uint8Array[] {
  return ring.keyIds().flatMap((kid) => ring.verificationKeys(PURPOSE, kid).map(replyAddressKey));
}

/** The Reply-To header of an e-mail from this agent to this client. */
export async function replyToFor(
  agent: { id: string; fullName: string; username: string },
  clientId: string,
): Promise<string> {
  const domain = config().inboundEmailDomain;
  if (!domain) return agent.username;
  const key = replyAddressKey((await signingKeys()).signingKey(PURPOSE).key);
  return fromHeader(agentText(agent.fullName), replyAddress(mintReplyToken(key, agent.id, clientId), domain));
}

/** The agent and client a reply token names, or null when it is malformed, forged, or its client is gone. */
export async function replyRecipient(token: string): Promise<{ agentId: string; clientId: string } | null> {
  const clientId = replyTokenClientId(token);
  if (clientId === null) return null;
  const client = await findClientById(clientId);
  if (!client) return null;
  const verified = verifyReplyToken(replyKeys(await signingKeys()), token, client.agentId);
  return verified === null ? null : { agentId: client.agentId, clientId: verified };
}

// A client's consent to texts: set only through the client record (the change 'sms-consent', whose rules are
// functions/domain/sms-consent.ts), and each change kept in the client's activity (who, how, when and the words), the
// record TCPA asks an agent to keep. The history entry is written after the client: a crash between the two loses an
// entry, never a consent.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ConsentActivity, SmsConsent } from '@shared/api-types';
import type { ConsentRequest } from '../domain/sms-consent';
import type { NotFound, OptedOut } from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import { changeClient } from './client-record';
import type { ClientItem } from './clients';
import { db, table } from './db';
import { activityKey } from './keys';

/** A consent change in the client's activity. */
export type ConsentItem = {
  pk: string;
  sk: string;
  type: 'consent';
  id: string;
  agentId: string;
  clientId: string;
  status: SmsConsent['status'];
  source: SmsConsent['source'];
  at: string;
  words?: string;
  createdAt: string;
};

export type SmsConsentOutcome = { client: ClientItem; changed: boolean } | NotFound<'client'> | OptedOut<'sms'>;

/**
 * Gives, attests or takes back the client's consent to texts at `at`, and adds it to the client's history. Refused
 * ('opted-out') when the client revoked it and the request is not their own keyword.
 */
export async function setSmsConsent(
  agentId: string,
  clientId: string,
  consent: ConsentRequest,
  at: Date,
  options: { known?: ClientItem; timeZone?: string } = {},
): Promise<SmsConsentOutcome> {
  const outcome = await changeClient(agentId, clientId, { kind: 'sms-consent', consent }, { ...options, now: at });
  switch (outcome.kind) {
    case 'changed':
      await recordConsentChange(outcome.after);
      return { client: outcome.after, changed: true };
    case 'unchanged':
      return { client: outcome.client, changed: false };
    case 'opted-out':
      return { kind: 'opted-out', channel: 'sms' };
    default:
      return { kind: 'not-found', what: 'client' };
  }
}

/** Adds the client's consent as it now is to their history (also for a client created with one). */
export async function recordConsentChange(client: Pick<ClientItem, 'agentId' | 'id' | 'smsConsent'>): Promise<void> {
  const consent = client.smsConsent;
  if (!consent?.at) return;
  const id = randomId();
  const item: ConsentItem = {
    ...activityKey(client.id, id),
    type: 'consent',
    id,
    agentId: client.agentId,
    clientId: client.id,
    status: consent.status,
    source: consent.source,
    at: consent.at,
    ...(consent.words ? { words: consent.words } : {}),
    createdAt: new Date().toISOString(),
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
}

export function toConsentActivity(item: ConsentItem): ConsentActivity {
  return {
    type: 'consent',
    id: item.id,
    status: item.status,
    source: item.source,
    at: item.at,
    words: item.words ?? null,
    createdAt: item.createdAt,
  };
}

// The history of a client's consent to texts, in the client's activity: each change (who, how, when and the words),
// the record TCPA asks an agent to keep. The consent itself is the client record's, set by setSmsConsent
// (functions/services/sms-consent.ts), which adds the change here after the client.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ConsentActivity, SmsConsent } from '@shared/api-types';
import { randomId } from '../domain/signed-tokens';
import type { ClientItem } from './clients';
import { db, table } from './db';
import { activityKey } from './keys/messages';

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

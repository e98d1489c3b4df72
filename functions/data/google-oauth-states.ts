// The single-use states of connecting Google (one per consent page opened): what the callback needs to finish, taken
// once (a replayed callback finds nothing), and gone by TTL when the agent never comes back.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { GoogleFeature } from '@shared/google';
import { db, sendIf, table } from './db';
import { googleStateKey } from './keys/reviews';
import { ownerIndexKeys } from './keys/table';

export type OAuthStateItem = {
  agentId: string;
  sessionId: string;
  codeVerifier: string;
  expiresAt: string;
  /** The features the agent asked to turn on (absent: the Business Profile only). */
  features?: GoogleFeature[];
};

export async function putOAuthState(stateHash: string, state: OAuthStateItem, ttlSeconds: number): Promise<void> {
  const key = googleStateKey(stateHash);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...key,
        type: 'google-oauth-state',
        ...state,
        ttl: Math.floor(Date.parse(state.expiresAt) / 1000) + ttlSeconds,
        ...ownerIndexKeys(state.agentId, key),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Takes the state (one conditional delete): the first caller gets it, a replay gets undefined. */
export async function takeOAuthState(stateHash: string): Promise<OAuthStateItem | undefined> {
  const out = await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: googleStateKey(stateHash),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_OLD',
    }),
  );
  return out?.Attributes as OAuthStateItem | undefined;
}

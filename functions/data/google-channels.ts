// The watch channels on agents' primary Google calendars, by the channel's id (what Google's notification names in
// X-Goog-Channel-Id): whose calendar it watches and the SHA-256 of the channel's token (the token itself is a bearer
// secret Google sends back with each notification; only its hash is kept). An item lives until its channel ends (TTL),
// and is deleted when the channel is stopped (renewed, or the feature turned off).
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { db, getItem, table } from './db';
import { googleChannelKey } from './keys/reviews';
import { ownerIndexKeys } from './keys/table';

export type ChannelItem = { channelId: string; agentId: string; tokenHash: string; expiration: number };

export const hashChannelToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export async function putChannel(channel: ChannelItem): Promise<void> {
  const key = googleChannelKey(channel.channelId);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...key,
        type: 'google-channel',
        ...channel,
        ttl: Math.ceil(channel.expiration / 1000) + 86_400,
        // Closing the account finds it by its owner (functions/data/account-erasure.ts).
        ...ownerIndexKeys(channel.agentId, key),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The channel, by the id a notification names; undefined for one never made, or stopped. */
export const getChannel = (channelId: string): Promise<ChannelItem | undefined> =>
  getItem<ChannelItem>(googleChannelKey(channelId));

export async function deleteChannel(channelId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: googleChannelKey(channelId) }));
}

// Which agent a shared number's texts go to, when several agents texted it (functions/domain/shared-number.ts): one
// item per number holding the agents offered (each with the client they texted there), when the person was asked, the
// texts held until they answer, and the agent they chose. It expires with the reply window.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db, table } from './db';
import { smsChoiceKey } from './keys/messages';

/** An agent offered, with the client of theirs the texts would join. */
export type SmsChoiceOption = { agentId: string; clientId: string };
/** A text held until the person says whose it is. */
export type HeldText = { body: string; at: string; sourceId?: string };
export type SmsChoice = {
  options: SmsChoiceOption[];
  askedAt: string;
  held?: HeldText[];
  chosen?: SmsChoiceOption & { at: string };
};

/** Texts held for one question at most (the rest are dropped, logged): a person asked answers within a few. */
export const HELD_TEXTS_MAX = 10;

export async function getSmsChoice(e164: string): Promise<SmsChoice | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: smsChoiceKey(e164), ConsistentRead: true }));
  return out.Item as SmsChoice | undefined;
}

/**
 * Holds a text until the person chooses, and asks them once: the first text of a question writes it (`asked` true:
 * the caller sends the question); later ones join its held texts. A choice made before is forgotten (the agents
 * offered changed). Expires at `expiresAt`.
 */
export async function holdForChoice(
  e164: string,
  options: readonly SmsChoiceOption[],
  text: HeldText,
  now: Date,
  expiresAt: Date,
): Promise<{ asked: boolean; held: boolean }> {
  const ttl = Math.floor(expiresAt.getTime() / 1000);
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: smsChoiceKey(e164),
        UpdateExpression:
          'SET #type = :type, options = :options, askedAt = :now, held = :held, #ttl = :ttl REMOVE chosen',
        ConditionExpression: 'attribute_not_exists(askedAt) OR attribute_exists(chosen)',
        ExpressionAttributeNames: { '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':type': 'sms-choice',
          ':options': options,
          ':now': now.toISOString(),
          ':held': [text],
          ':ttl': ttl,
        },
      }),
    );
    return { asked: true, held: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  // Asked already and not answered yet: the text joins the held ones, while there is room.
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: smsChoiceKey(e164),
        UpdateExpression: 'SET held = list_append(if_not_exists(held, :none), :text), #ttl = :ttl',
        ConditionExpression: 'attribute_exists(askedAt) AND attribute_not_exists(chosen) AND size(held) < :max',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':none': [], ':text': [text], ':ttl': ttl, ':max': HELD_TEXTS_MAX },
      }),
    );
    return { asked: false, held: true };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { asked: false, held: false };
    throw error;
  }
}

/**
 * Records the person's choice and takes the held texts, once: of two answers at the same moment, one gets them. An
 * answer after another was recorded takes none.
 */
export async function choose(e164: string, chosen: SmsChoiceOption, now: Date): Promise<HeldText[]> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: smsChoiceKey(e164),
        UpdateExpression: 'SET chosen = :chosen REMOVE held',
        ConditionExpression: 'attribute_exists(askedAt) AND attribute_not_exists(chosen)',
        ExpressionAttributeValues: { ':chosen': { ...chosen, at: now.toISOString() } },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return (out.Attributes?.held as HeldText[] | undefined) ?? [];
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return [];
    throw error;
  }
}

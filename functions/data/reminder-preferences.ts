// An agent's reminder preferences, push switches and time zone (PATCH /api/user/preferences). Each preference is
// its own field of the reminderPrefs map, so two saves from two tabs never undo each other.
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { withDefaultPrefs, type ReminderPrefs } from '@shared/reminder-prefs';
import { sendIf, table } from './db';
import { userKey } from './keys/users';
import { getUserById, PUSH_PREF_ATTRIBUTES, type UserItem } from './users';
import type { PushPrefs } from '@shared/push';

export type PreferenceChanges = Partial<ReminderPrefs> & { timeZone?: string; push?: Partial<PushPrefs> };

/** Applies the changes sent and returns the updated user; undefined when there is no such user. */
export async function updateReminderPreferences(
  userId: string,
  changes: PreferenceChanges,
): Promise<UserItem | undefined> {
  const { timeZone, push, ...prefs } = changes;
  const fields = Object.entries(prefs).filter(([, value]) => value !== undefined);
  // Attributes of the item itself: the time zone (a DynamoDB reserved word, so always by name) and each push switch.
  const direct = [
    ...(timeZone === undefined ? [] : [['timeZone', timeZone] as const]),
    ...Object.entries(push ?? {}).flatMap(([kind, value]) =>
      value === undefined ? [] : [[PUSH_PREF_ATTRIBUTES[kind as keyof PushPrefs], value] as const],
    ),
  ];
  const own: { sets: string[]; names: Record<string, string>; values: Record<string, unknown> } = {
    sets: direct.map((_, i) => `#d${i} = :d${i}`),
    names: Object.fromEntries(direct.map(([name], i) => [`#d${i}`, name])),
    values: Object.fromEntries(direct.map(([, value], i) => [`:d${i}`, value])),
  };
  if (fields.length === 0) {
    if (own.sets.length === 0) return getUserById(userId, true);
    return attempt(userId, {
      UpdateExpression: `SET ${own.sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: own.names,
      ExpressionAttributeValues: own.values,
    });
  }
  const onExistingMap = {
    UpdateExpression: `SET ${[...own.sets, ...fields.map((_, i) => `reminderPrefs.#p${i} = :p${i}`)].join(', ')}`,
    ConditionExpression: 'attribute_exists(pk) AND attribute_exists(reminderPrefs)',
    ExpressionAttributeNames: { ...own.names, ...Object.fromEntries(fields.map(([name], i) => [`#p${i}`, name])) },
    ExpressionAttributeValues: {
      ...own.values,
      ...Object.fromEntries(fields.map(([, value], i) => [`:p${i}`, value])),
    },
  };
  const creatingMap = {
    UpdateExpression: `SET ${[...own.sets, 'reminderPrefs = :prefs'].join(', ')}`,
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(reminderPrefs)',
    ...(own.sets.length ? { ExpressionAttributeNames: own.names } : {}),
    ExpressionAttributeValues: {
      ...own.values,
      ':prefs': { ...withDefaultPrefs(undefined), ...Object.fromEntries(fields) },
    },
  };
  // Usually the map exists. On the first save it does not; another save may create it in between.
  for (let round = 0; round < 3; round += 1) {
    const updated = (await attempt(userId, onExistingMap)) ?? (await attempt(userId, creatingMap));
    if (updated) return updated;
  }
  return undefined;
}

/** The updated user, or undefined when the condition failed. */
async function attempt(
  userId: string,
  input: Omit<UpdateCommandInput, 'TableName' | 'Key'>,
): Promise<UserItem | undefined> {
  const out = await sendIf(
    new UpdateCommand({ TableName: table(), Key: userKey(userId), ReturnValues: 'ALL_NEW', ...input }),
  );
  return out?.Attributes as UserItem | undefined;
}

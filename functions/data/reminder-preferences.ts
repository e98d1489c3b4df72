// An agent's reminder preferences and time zone (PATCH /api/user/preferences). Each preference is
// its own field of the reminderPrefs map, so two saves from two tabs never undo each other.
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { withDefaultPrefs, type ReminderPrefs } from '@shared/reminder-prefs';
import { sendIf, table } from './db';
import { userKey } from './keys';
import { getUserById, type UserItem } from './users';

export type PreferenceChanges = Partial<ReminderPrefs> & { timeZone?: string };

/** Applies the changes sent and returns the updated user; undefined when there is no such user. */
export async function updateReminderPreferences(
  userId: string,
  changes: PreferenceChanges,
): Promise<UserItem | undefined> {
  const { timeZone, ...prefs } = changes;
  const fields = Object.entries(prefs).filter(([, value]) => value !== undefined);
  // timeZone is a DynamoDB reserved word: always through #tz.
  const zone: { sets: string[]; names: Record<string, string>; values: Record<string, unknown> } =
    timeZone === undefined
      ? { sets: [], names: {}, values: {} }
      : { sets: ['#tz = :tz'], names: { '#tz': 'timeZone' }, values: { ':tz': timeZone } };
  if (fields.length === 0) {
    if (zone.sets.length === 0) return getUserById(userId, true);
    return attempt(userId, {
      UpdateExpression: 'SET #tz = :tz',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: zone.names,
      ExpressionAttributeValues: zone.values,
    });
  }
  const onExistingMap = {
    UpdateExpression: `SET ${[...zone.sets, ...fields.map((_, i) => `reminderPrefs.#p${i} = :p${i}`)].join(', ')}`,
    ConditionExpression: 'attribute_exists(pk) AND attribute_exists(reminderPrefs)',
    ExpressionAttributeNames: { ...zone.names, ...Object.fromEntries(fields.map(([name], i) => [`#p${i}`, name])) },
    ExpressionAttributeValues: {
      ...zone.values,
      ...Object.fromEntries(fields.map(([, value], i) => [`:p${i}`, value])),
    },
  };
  const creatingMap = {
    UpdateExpression: `SET ${[...zone.sets, 'reminderPrefs = :prefs'].join(', ')}`,
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(reminderPrefs)',
    ...(zone.sets.length ? { ExpressionAttributeNames: zone.names } : {}),
    ExpressionAttributeValues: {
      ...zone.values,
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

// The public realtor directory: agents as visitors may see them (id, username, business name and
// location, nothing else). Administrators are listed only when they run a business of their own.
// A search reads the agents index page by page and stops once it has enough matches; an exact
// e-mail is found first through the username lock, so a visitor who types the whole address always
// finds their realtor.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicAgent } from '../../shared/api-types';
import { db, table } from './db';
import { AGENTS_PARTITION, GSI1 } from './keys';
import { getUserByUsername, type UserItem } from './users';

type DirectoryEntry = Pick<UserItem, 'id' | 'username' | 'businessName' | 'businessLocation' | 'isAdmin'>;

const PAGE_SIZE = 100;

export function isListedAgent(user: Pick<UserItem, 'isAdmin' | 'businessName'>): boolean {
  return user.isAdmin !== true || Boolean(user.businessName?.trim());
}

export function toPublicAgent(user: DirectoryEntry): PublicAgent {
  return { id: user.id, username: user.username, businessName: user.businessName ?? null, businessLocation: user.businessLocation ?? null };
}

/** Listed agents whose e-mail or business name contains `query` (case-insensitive), at most `limit`. */
export async function searchAgentDirectory(query: string, limit: number): Promise<PublicAgent[]> {
  const needle = query.trim().toLowerCase();
  const found = new Map<string, PublicAgent>();
  if (needle.includes('@')) {
    const exact = await getUserByUsername(needle);
    if (exact && isListedAgent(exact)) found.set(exact.id, toPublicAgent(exact));
  }
  const matches = (entry: DirectoryEntry) =>
    isListedAgent(entry) && (entry.username.toLowerCase().includes(needle) || (entry.businessName ?? '').toLowerCase().includes(needle));
  await forEachDirectoryPage((page) => {
    for (const entry of page) {
      if (found.size >= limit) return false;
      if (matches(entry) && !found.has(entry.id)) found.set(entry.id, toPublicAgent(entry));
    }
    return found.size < limit;
  });
  return [...found.values()];
}

/** Whether any realtor is listed at all (the page's "No realtors are currently available"). */
export async function anyListedAgent(): Promise<boolean> {
  let any = false;
  await forEachDirectoryPage((page) => {
    any = page.some(isListedAgent);
    return !any;
  });
  return any;
}

/** Walks the agents index in signup order; `visit` returns false to stop. */
async function forEachDirectoryPage(visit: (page: DirectoryEntry[]) => boolean): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': AGENTS_PARTITION },
        ProjectionExpression: '#id, #username, #businessName, #businessLocation, #isAdmin',
        ExpressionAttributeNames: { '#id': 'id', '#username': 'username', '#businessName': 'businessName', '#businessLocation': 'businessLocation', '#isAdmin': 'isAdmin' },
        Limit: PAGE_SIZE,
        ExclusiveStartKey: startKey,
      }),
    );
    if (!visit((out.Items ?? []) as DirectoryEntry[])) return;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}

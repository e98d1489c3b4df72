// The public realtor directory: agents as visitors may see them (id, full name, business name and
// location; never the login e-mail). Only agents who verified their address are listed;
// administrators only when they run a business of their own. A search reads the word index
// (directory-index.ts) from the longest word typed, so it reads only entries whose word starts with
// it, then the matching agents themselves (at most the answer's size); an exact e-mail is found
// through the username lock, so a visitor who types their realtor's whole address finds them
// without the address ever being shown.
import type { PublicAgent } from '@shared/api-types';
import { batchGet, queryPages } from './db';
import { directoryWords, matchesAllWords, queryDirectory, searchWords } from './directory-index';
import { GSI1 } from './keys/table';
import { AGENTS_PARTITION, DIRECTORY_PREFIX_LENGTH, userKey } from './keys/users';
import { getUserByUsername, type UserItem } from './users';

type ListedFields = Pick<
  UserItem,
  'id' | 'fullName' | 'businessName' | 'businessLocation' | 'isAdmin' | 'emailVerifiedAt'
>;

/** A search stops after this many index entries even when fewer agents matched every word typed. */
export const MAX_ENTRIES_READ = 500;
const FILTERED_PAGE = 100;

export function isListedAgent(user: Pick<UserItem, 'isAdmin' | 'businessName' | 'emailVerifiedAt'>): boolean {
  return Boolean(user.emailVerifiedAt) && (user.isAdmin !== true || Boolean(user.businessName?.trim()));
}

export function toPublicAgent(user: ListedFields): PublicAgent {
  return {
    id: user.id,
    fullName: user.fullName,
    businessName: user.businessName ?? null,
    businessLocation: user.businessLocation ?? null,
  };
}

/**
 * Listed agents whose full name or business name has a word starting with each word of `query`
 * (case- and accent-insensitive), at most `limit`: the whole word first, then longer words
 * alphabetically, each in signup order. `entriesRead` counts the index entries read.
 */
export async function searchAgentDirectory(
  query: string,
  limit: number,
): Promise<{ agents: PublicAgent[]; entriesRead: number }> {
  const found = new Map<string, PublicAgent>();
  const needle = query.trim().toLowerCase();
  if (needle.includes('@')) {
    const exact = await getUserByUsername(needle);
    if (exact && isListedAgent(exact)) found.set(exact.id, toPublicAgent(exact));
  }
  const typed = searchWords(query);
  const lookup = typed.filter((w) => w.length >= DIRECTORY_PREFIX_LENGTH).sort((a, b) => b.length - a.length)[0];
  let entriesRead = 0;
  if (!lookup) return { agents: [...found.values()], entriesRead };
  const others = typed.filter((w) => w !== lookup);
  const checked = new Set(found.keys());
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryDirectory(lookup, others.length > 0 ? FILTERED_PAGE : limit - found.size, startKey);
    entriesRead += page.entries.length;
    const candidates = page.entries
      .filter((e) => !checked.has(e.userId) && matchesAllWords(others, e.words))
      .map((e) => e.userId);
    candidates.forEach((id) => checked.add(id));
    for (const agent of await getListedFields([...new Set(candidates)])) {
      if (found.size >= limit) break;
      if (isListedAgent(agent) && matchesAllWords(typed, directoryWords(agent)))
        found.set(agent.id, toPublicAgent(agent));
    }
    startKey = page.next;
  } while (startKey && found.size < limit && entriesRead < MAX_ENTRIES_READ);
  return { agents: [...found.values()], entriesRead };
}

/** The shown fields of these users, in the order given (missing users left out). */
async function getListedFields(ids: string[]): Promise<ListedFields[]> {
  const items = await batchGet<ListedFields>(ids.map(userKey), {
    ProjectionExpression: 'id, fullName, businessName, businessLocation, isAdmin, emailVerifiedAt',
  });
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.map((id) => byId.get(id)).filter((agent): agent is ListedFields => agent !== undefined);
}

/**
 * Whether any realtor is listed at all (the page's "No realtors are currently available"): usually the first agent
 * answers.
 */
export async function anyListedAgent(): Promise<boolean> {
  const pages = queryPages<ListedFields>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': AGENTS_PARTITION },
    ProjectionExpression: 'isAdmin, businessName, emailVerifiedAt',
    Limit: 10,
  });
  for await (const agents of pages) if (agents.some(isListedAgent)) return true;
  return false;
}

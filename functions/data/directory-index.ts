// The realtor search's index: one small item per word of an agent's full name and business name,
// in a partition named by the word's first three letters and sorted by the word, so a search reads
// only the entries whose word starts with what the visitor typed (a miss reads none). Entries point
// at the agent and carry the agent's words (to check the other words typed); what is shown comes
// from the user item itself, so an entry a crash left stale can only hide a match, never show one.
// Only verified agents are indexed: an account whose owner never proved the address is
// no realtor a client should find; the entries are written when the address is verified.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite, db, queryAll, table, type WriteRequest } from './db';
import { GSI1 } from './keys/table';
import { AGENTS_PARTITION, DIRECTORY_PREFIX_LENGTH, directoryEntryKey, directoryPartition } from './keys/users';

/** The agent fields the index is built from. */
export type DirectorySource = {
  id: string;
  fullName: string;
  businessName?: string | null;
  signupDate: string;
  emailVerifiedAt?: string;
};
export type DirectoryEntry = { userId: string; words: string[] };

const MAX_WORD = 40;

/** Lower-case words without accents: "Chloé O'Brien-Diaz" → chloe, o, brien, diaz. */
export function searchWords(text: string | null | undefined): string[] {
  const words = (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_WORD));
  return [...new Set(words)];
}

export function directoryWords(agent: Pick<DirectorySource, 'fullName' | 'businessName'>): string[] {
  return searchWords(`${agent.fullName} ${agent.businessName ?? ''}`);
}

/** Every word typed starts one of the agent's words. */
export function matchesAllWords(typed: readonly string[], words: readonly string[]): boolean {
  return typed.every((t) => words.some((w) => w.startsWith(t)));
}

/** Words short of three letters cannot name a partition: they are only checked against an entry's words. */
const indexable = (words: readonly string[]) => words.filter((w) => w.length >= DIRECTORY_PREFIX_LENGTH);

function entryPuts(agent: DirectorySource): WriteRequest[] {
  if (!agent.emailVerifiedAt) return [];
  const words = directoryWords(agent);
  return indexable(words).map((word) => ({
    PutRequest: {
      Item: {
        ...directoryEntryKey(word, agent.signupDate, agent.id),
        type: 'directory-entry',
        userId: agent.id,
        words,
      },
    },
  }));
}

/**
 * Writes the agent's entries (all of them: each carries the agent's current words), then removes
 * those of words the agent no longer has (`previous`: the agent before the change).
 */
export async function writeDirectoryEntries(
  agent: DirectorySource,
  previous?: Pick<DirectorySource, 'fullName' | 'businessName'>,
): Promise<void> {
  const words = directoryWords(agent);
  const gone = previous ? indexable(directoryWords(previous)).filter((word) => !words.includes(word)) : [];
  await batchWrite(entryPuts(agent));
  await batchWrite(
    gone.map((word) => ({ DeleteRequest: { Key: directoryEntryKey(word, agent.signupDate, agent.id) } })),
  );
}

/** Removes every entry of the agent (the account is closing): the realtor search no longer finds them. */
export async function removeDirectoryEntries(agent: DirectorySource): Promise<void> {
  const words = indexable(directoryWords(agent));
  await batchWrite(
    words.map((word) => ({ DeleteRequest: { Key: directoryEntryKey(word, agent.signupDate, agent.id) } })),
  );
}

/** One page of the entries whose word starts with `prefix` (at least three letters), in word then signup order. */
export async function queryDirectory(prefix: string, limit: number, startKey?: Record<string, unknown>) {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': directoryPartition(prefix), ':prefix': prefix },
      ProjectionExpression: 'userId, #words',
      ExpressionAttributeNames: { '#words': 'words' },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { entries: (out.Items ?? []) as DirectoryEntry[], next: out.LastEvaluatedKey };
}

/**
 * Writes the entries of every verified agent on the agents index (agents who registered before the index
 * existed; `npm run directory:rebuild`). Idempotent; returns how many agents were indexed.
 */
export async function rebuildAgentDirectory(): Promise<number> {
  const agents = await queryAll<DirectorySource>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': AGENTS_PARTITION },
    ProjectionExpression: 'id, fullName, businessName, signupDate, emailVerifiedAt',
  });
  const verified = agents.filter((agent) => agent.emailVerifiedAt);
  await batchWrite(verified.flatMap(entryPuts));
  return verified.length;
}

// An agent's client list a page at a time (GET /api/clients), each order from a Query of its own index, never the book:
//  - name, created, completion, review: list entries `CLIST#<agentId>#<sort>` / `<value>#<clientId>`
//    (completion and review status break ties by name);
//  - last contact: gsi3 of the client items (`CONTACT#<agentId>`, functions/data/insights.ts);
//  - search: `CSEARCH#<agentId>` / `<token>#<clientId>`, one per word of the name and one for the e-mail, folded.
//  - a tag: `CTAG#<agentId>#<sort>#<folded tag>` / `<value>#<clientId>`, one per tag and order (the four above and
//    last contact), so `?tag=` pages like the whole list;
//  - the occasion index: `OCCASIONS#<agentId>` / `<MM-DD>#<folded name>#<kind rank>#<clientId>`, one entry per key
//    date, read by functions/data/occasions.ts (the automations, the dashboard and the reminders page).
//  - the check-in index: `CHECKIN#<agentId>` / `<due date>#<clientId>`, one entry per client with a keep-in-touch
//    rhythm, read by functions/data/check-ins.ts (GET /api/clients?due=check-in, Today, the check-in automation);
//  - the home update index: `HOMEUPDATE#<agentId>` / `<DD>#<clientId>` (functions/data/home-update-index.ts).
// Every entry a client calls for is derived from the client item alone (listEntries), and written by the client
// record (client-record.ts) before the client item and removed after it, so a crash leaves an entry too many, never
// one too few; every reader checks its entries against the clients it reads back (BatchGet) and leaves a stale one
// out. Cursors are the key of the last entry read, so a client that stays in the book is listed exactly once however
// many are added or deleted between pages. `npm run occasions:rebuild` writes the entries for existing data.
import type { ClientSort, SortOrder } from '@shared/api-types';
import { profileCompletion } from '@shared/completion';
import { foldTag, hasTag } from '@shared/tags';
import { InvalidCursorError } from '../domain/admin-pages';
import { checkInDueDate } from '../domain/check-ins';
import { homeUpdateIndexSk } from '../domain/home-update';
import { occasionEntries, rankOf } from '../domain/occasions';
import type { ClientItem } from './clients';
import { batchGet, queryAll, queryPage } from './db';
import {
  checkInPartition,
  clientKey,
  CLIENT_PREFIX,
  contactPartition,
  homeUpdatePartition,
  NEVER_CONTACTED,
  occasionsPartition,
} from './keys/clients';
import { GSI3 } from './keys/table';

type Listed = Pick<ClientItem, 'agentId' | 'id' | 'name' | 'email' | 'createdAt'> &
  Partial<
    Pick<
      ClientItem,
      | 'phone'
      | 'birthday'
      | 'anniversary'
      | 'purchaseDate'
      | 'keyDates'
      | 'cadenceDays'
      | 'lastContactDate'
      | 'reviewStatus'
      | 'registrationPendingAt'
      | 'tags'
      | 'postalCode'
    >
  >;
export type Entry = { pk: string; sk: string };

const INDEXED_SORTS = ['name', 'created', 'completion', 'review'] as const;
type IndexedSort = (typeof INDEXED_SORTS)[number];
const REVIEW_RANK: Record<string, string> = { pending: '0', requested: '1', submitted: '2' };
/** At most this many words of a query are matched (each one more read). */
export const SEARCH_WORDS_MAX = 4;

export const listPartition = (agentId: string, sort: IndexedSort) => `CLIST#${agentId}#${sort}`;
export const searchPartition = (agentId: string) => `CSEARCH#${agentId}`;
const TAG_SORTS = [...INDEXED_SORTS, 'lastContact'] as const;
type TagSort = (typeof TAG_SORTS)[number];
export const tagPartition = (agentId: string, sort: TagSort, tag: string) => `CTAG#${agentId}#${sort}#${foldTag(tag)}`;
/** The partitions of one of the agent's tags (closing the account sweeps them). */
export const tagPartitions = (agentId: string, tag: string): string[] =>
  TAG_SORTS.map((sort) => tagPartition(agentId, sort, tag));
/** Every list and search partition of an agent (closing the account sweeps them). */
export const agentListPartitions = (agentId: string): string[] => [
  ...INDEXED_SORTS.map((sort) => listPartition(agentId, sort)),
  searchPartition(agentId),
  checkInPartition(agentId),
  homeUpdatePartition(agentId),
];

/** Lower case, accents off (é → e, ñ → n), for sorting and matching. */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words a client is found by: each word of the name, and the e-mail as a whole. */
export function searchTokens(client: Pick<Listed, 'name' | 'email'>): string[] {
  const words = folded(client.name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set([...words, folded(client.email)])];
}

/** A query's words, folded as the tokens are (at most SEARCH_WORDS_MAX). */
export function queryWords(q: string): string[] {
  return [
    ...new Set(
      folded(q)
        .split(/[^\p{L}\p{N}@._+-]+/u)
        .filter(Boolean),
    ),
  ].slice(0, SEARCH_WORDS_MAX);
}

function sortValue(client: Listed, sort: TagSort): string {
  const name = folded(client.name);
  switch (sort) {
    case 'lastContact':
      return client.lastContactDate || NEVER_CONTACTED;
    case 'name':
      return name;
    case 'created':
      return client.createdAt;
    case 'completion':
      return `${String(profileCompletion(client)).padStart(3, '0')}#${name}`;
    case 'review':
      return `${REVIEW_RANK[client.reviewStatus ?? 'pending'] ?? '0'}#${name}`;
  }
}

/** The client's entries in the occasion index (one per key date). */
export function occasionIndexEntries(client: Listed): Entry[] {
  // A registration not yet confirmed gets no automatic message and is in no digest: it has no occasions yet.
  if (client.registrationPendingAt) return [];
  const name = folded(client.name);
  return occasionEntries(client).map((entry) => ({
    pk: occasionsPartition(client.agentId),
    sk: `${entry.monthDay}#${name}#${rankOf(entry)}#${client.id}`,
  }));
}

/** The client's entry in the check-in index: under the day they become due, when they have a rhythm. */
export function checkInIndexEntries(client: Listed): Entry[] {
  // A registration not yet confirmed is nobody to check in with yet.
  if (client.registrationPendingAt) return [];
  const due = checkInDueDate(client);
  return due ? [{ pk: checkInPartition(client.agentId), sk: `${due}#${client.id}` }] : [];
}

/** The client's entry in the home update index (functions/data/home-update-index.ts reads it). */
export function homeUpdateEntries(client: Listed): Entry[] {
  const sk = homeUpdateIndexSk(client);
  return sk ? [{ pk: homeUpdatePartition(client.agentId), sk }] : [];
}

/** Every list, search, occasion, check-in and home update entry the client calls for. */
export function listEntries(client: Listed): Entry[] {
  return [
    ...INDEXED_SORTS.map((sort) => ({
      pk: listPartition(client.agentId, sort),
      sk: `${sortValue(client, sort)}#${client.id}`,
    })),
    ...searchTokens(client).map((token) => ({ pk: searchPartition(client.agentId), sk: `${token}#${client.id}` })),
    ...occasionIndexEntries(client),
    ...checkInIndexEntries(client),
    ...homeUpdateEntries(client),
    ...tagEntries(client),
  ];
}

/** The client's entries in its tags' partitions: one per tag and order. */
export function tagEntries(client: Listed): Entry[] {
  return (client.tags ?? []).flatMap((tag) =>
    TAG_SORTS.map((sort) => ({
      pk: tagPartition(client.agentId, sort, tag),
      sk: `${sortValue(client, sort)}#${client.id}`,
    })),
  );
}

/** An entry as stored. */
export const entryItem = (entry: Entry, clientId: string) => ({ ...entry, type: 'client-list', clientId });

const same = (a: Entry, b: Entry) => a.pk === b.pk && a.sk === b.sk;

export type ClientListQuery = {
  limit: number;
  cursor?: string;
  q?: string;
  sort: ClientSort;
  order: SortOrder;
  /** Only the clients with this tag. */
  tag?: string;
};
export type ClientListPage = { clients: ClientItem[]; nextCursor: string | null; total?: number };

export const idOf = (sk: string) => sk.slice(sk.lastIndexOf('#') + 1);

/** The clients with these ids, read now (one BatchGet per 100). */
export async function hydrate(
  agentId: string,
  ids: readonly string[],
  options: { ConsistentRead?: boolean } = {},
): Promise<Map<string, ClientItem>> {
  const items = ids.length
    ? await batchGet<ClientItem>(
        [...new Set(ids)].map((id) => clientKey(agentId, id)),
        options,
      )
    : [];
  return new Map(items.filter((item) => item.type === 'client').map((item) => [item.id, item]));
}

/**
 * Whether the client, as it is now, still calls for the entry (a stale one is a crash's leftover, or
 * an edit's in flight): listEntries(client) holds it. Only the entries of the entry's own index are
 * derived (a page checks each of its 50 entries: every entry of every client would be ten times the work).
 */
export function callsFor(client: Listed, entry: Entry): boolean {
  const sort = INDEXED_SORTS.find((s) => entry.pk === listPartition(client.agentId, s));
  if (sort) return entry.sk === `${sortValue(client, sort)}#${client.id}`;
  if (entry.pk === searchPartition(client.agentId))
    return searchTokens(client).some((token) => entry.sk === `${token}#${client.id}`);
  if (entry.pk === checkInPartition(client.agentId)) return checkInIndexEntries(client).some((own) => same(own, entry));
  if (entry.pk === homeUpdatePartition(client.agentId)) return homeUpdateEntries(client).some((e) => same(e, entry));
  if (entry.pk.startsWith(`CTAG#${client.agentId}#`)) return tagEntries(client).some((own) => same(own, entry));
  return occasionIndexEntries(client).some((own) => same(own, entry));
}

/**
 * One page of the agent's clients in the order asked for. With `q`, the clients a word of whose
 * name or whose e-mail starts with each word of `q`, in the order of the word they matched on
 * (`sort` does not apply), and `total` is how many match.
 */
export async function pageClientList(agentId: string, query: ClientListQuery): Promise<ClientListPage> {
  const forward = query.order === 'asc';
  if (query.q !== undefined)
    return searchPage(agentId, queryWords(query.q), query.limit, forward, query.cursor, query.tag);
  if (query.tag !== undefined) return entryPage(agentId, tagPartition(agentId, query.sort, query.tag), query);
  if (query.sort === 'lastContact')
    return lastContactPage(agentId, { forward, limit: query.limit, cursor: query.cursor });
  return entryPage(agentId, listPartition(agentId, query.sort), query);
}

/**
 * One page of the agent's clients by last contact (gsi3, never contacted first), only those last contacted before
 * `before` when it is given; each read back now (one deleted meanwhile is left out).
 */
export async function lastContactPage(
  agentId: string,
  { forward, limit, cursor, before }: { forward: boolean; limit: number; cursor?: string; before?: string },
): Promise<ClientListPage> {
  const partition = contactPartition(agentId);
  const page = await queryPage<Entry>(
    {
      IndexName: GSI3,
      KeyConditionExpression: before === undefined ? 'gsi3pk = :pk' : 'gsi3pk = :pk AND gsi3sk < :before',
      ExpressionAttributeValues: { ':pk': partition, ...(before === undefined ? {} : { ':before': before }) },
      ScanIndexForward: forward,
      Limit: limit,
    },
    cursor,
    {
      names: ['pk', 'sk', 'gsi3pk', 'gsi3sk'],
      check: (k) => k.gsi3pk === partition && k.pk === `AGENT#${agentId}` && k.sk!.startsWith(CLIENT_PREFIX),
    },
  );
  const ids = page.items.map((item) => String(item.sk).slice(CLIENT_PREFIX.length));
  const clients = await hydrate(agentId, ids);
  return {
    clients: ids.map((id) => clients.get(id)).filter((c): c is ClientItem => c !== undefined),
    nextCursor: page.nextCursor,
  };
}

/** One page of a partition of entries (a sort list or a tag's), each checked against its client as it is now. */
async function entryPage(agentId: string, partition: string, query: ClientListQuery): Promise<ClientListPage> {
  const page = await queryPage<Entry>(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: query.order === 'asc',
      Limit: query.limit,
    },
    query.cursor,
    { names: ['pk', 'sk'], check: (k) => k.pk === partition },
  );
  return { clients: await currentClients(agentId, page.items), nextCursor: page.nextCursor };
}

/** The clients of these entries, read now, in the entries' order: only those that still call for their entry. */
export async function currentClients(agentId: string, entries: readonly Entry[]): Promise<ClientItem[]> {
  const clients = await hydrate(
    agentId,
    entries.map((entry) => idOf(entry.sk)),
  );
  // A stale entry (a client that no longer calls for it) is a crash's leftover.
  return entries.flatMap((entry) => {
    const client = clients.get(idOf(entry.sk));
    return client && callsFor(client, entry) ? [client] : [];
  });
}

async function searchPage(
  agentId: string,
  words: string[],
  limit: number,
  forward: boolean,
  cursor: string | undefined,
  tag?: string,
): Promise<ClientListPage> {
  const partition = searchPartition(agentId);
  const [first, ...rest] = words;
  if (!first) return { clients: [], nextCursor: null, total: 0 };
  // Who matches every word: one keys-only read per word (grows with the matches, not the book).
  const matching = await Promise.all(
    words.map(
      async (word) =>
        new Set(
          (
            await queryAll<{ clientId: string }>({
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :word)',
              ExpressionAttributeValues: { ':pk': partition, ':word': word },
              ProjectionExpression: 'clientId',
            })
          ).map((entry) => entry.clientId),
        ),
    ),
  );
  let all = [...matching[0]!].filter((id) => matching.every((set) => set.has(id)));
  // With a tag, only the matches that carry it (read back: the cost grows with the matches, not the book).
  if (tag !== undefined) {
    const read = await hydrate(agentId, all);
    all = all.filter((id) => hasTag(read.get(id)?.tags, tag));
  }
  const matched = new Set(all);
  const { items, nextCursor } = await queryPage<Entry>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :word)',
      ExpressionAttributeValues: { ':pk': partition, ':word': first },
      ScanIndexForward: forward,
      Limit: limit,
    },
    cursor,
    { names: ['pk', 'sk'], check: (k) => k.pk === partition && k.sk!.startsWith(first) },
  );
  const entries = items.filter((entry) => matched.has(idOf(entry.sk)));
  const clients = await hydrate(agentId, [...new Set(entries.map((entry) => idOf(entry.sk)))]);
  const page = entries.flatMap((entry) => {
    const client = clients.get(idOf(entry.sk));
    if (!client) return [];
    const tokens = searchTokens(client);
    // Listed once: on the first of its tokens the first word matches; and only if every word still matches.
    const own = tokens.filter((token) => token.startsWith(first)).sort()[0];
    const token = entry.sk.slice(0, entry.sk.lastIndexOf('#'));
    if (own !== token || !rest.every((word) => tokens.some((t) => t.startsWith(word)))) return [];
    return [client];
  });
  return { clients: page, nextCursor, total: matched.size };
}

export { InvalidCursorError };

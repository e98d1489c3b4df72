// A stand-in for GET /api/clients?limit=&cursor=&q=&sort=&order= over a list of clients, for the
// page's tests ("GET /api/clients?*"): the API's answers (a ClientPage, its orders and defaults,
// word-start search with case and accents aside, 400 INVALID_CURSOR) without its indexes. Pages
// hold at most `pageSize` clients whatever the limit, so a test renders only a few rows.
import type { Client, ClientPage, ClientSort, SortOrder } from '@shared/api-types';
import { CLIENT_SORTS } from '@shared/api-types';
import { profileCompletion } from '@shared/completion';
import { jsonResponse, type MockHandler } from './mock-api';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}@._+-]+/u)
    .filter(Boolean);
const tokens = (client: Client) => [
  ...fold(client.name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean),
  fold(client.email),
];
const REVIEW_RANK = { pending: 0, requested: 1, submitted: 2 } as const;

function sortKey(client: Client, sort: ClientSort): string {
  const name = fold(client.name);
  switch (sort) {
    case 'name':
      return name;
    case 'created':
      return client.createdAt;
    case 'lastContact':
      return client.lastContactDate ?? '0000-00-00';
    case 'completion':
      return `${String(profileCompletion(client)).padStart(3, '0')}#${name}`;
    case 'review':
      return `${REVIEW_RANK[client.reviewStatus]}#${name}`;
  }
}

function ordered(clients: readonly Client[], q: string | null, sort: ClientSort, order: SortOrder): Client[] {
  const key = (client: Client) => {
    if (q === null) return `${sortKey(client, sort)}#${client.id}`;
    // Search results come in the order of the client's first token the first word starts.
    const [first = ''] = words(q);
    return `${
      tokens(client)
        .filter((token) => token.startsWith(first))
        .sort()[0]
    }#${client.id}`;
  };
  const matching =
    q === null
      ? [...clients]
      : clients.filter((client) => words(q).every((word) => tokens(client).some((token) => token.startsWith(word))));
  const list = matching.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return order === 'asc' ? list : list.reverse();
}

const cursorAt = (offset: number) => `after-${offset}`;

/** The handler: `clients()` is the book at the time of each request. */
export function clientPages(
  clients: () => readonly Client[],
  { pageSize = 25 }: { pageSize?: number } = {},
): MockHandler {
  return ({ url }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const q = params.get('q')?.trim() || null;
    const sortParam = params.get('sort') ?? 'name';
    const sort = (CLIENT_SORTS as readonly string[]).includes(sortParam) ? (sortParam as ClientSort) : 'name';
    const order =
      (params.get('order') as SortOrder | null) ?? (sort === 'created' || sort === 'lastContact' ? 'desc' : 'asc');
    const limit = Math.min(Number(params.get('limit') ?? 50), pageSize);
    const cursor = params.get('cursor');
    const offset = cursor === null ? 0 : Number(/^after-(\d+)$/.exec(cursor)?.[1] ?? NaN);
    if (Number.isNaN(offset))
      return jsonResponse(400, {
        message: 'The cursor is not valid for this list. Start again without a cursor.',
        code: 'INVALID_CURSOR',
      });
    const list = ordered(clients(), q, sort, order);
    const end = offset + limit;
    const page: ClientPage = {
      clients: list.slice(offset, end),
      nextCursor: end < list.length ? cursorAt(end) : null,
      total: list.length,
    };
    return jsonResponse(200, page);
  };
}

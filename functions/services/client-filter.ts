// An agent's clients that meet a filter (`{ tag?, q?, dueForCheckIn?, notContactedDays? }`), a page at a time: the
// audience of segments, bulk actions and broadcasts. Each filter is read through one index it names (the tag's
// entries, the search entries, the check-in index, or the by-last-contact index gsi3), the rest of it checked on the
// clients read back, so the cost follows the clients the driving part matches, never the book; a filter naming none of
// them is refused.
import * as yup from 'yup';
import type { ClientFilter } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { tagSchema } from '@shared/tags';
import { dueForCheckInPage } from '../data/check-ins';
import { lastContactPage, pageClientList, queryWords, searchTokens } from '../data/client-lists';
import type { ClientItem } from '../data/clients';
import { tagCount } from '../data/tags';
import { contactCutoff, filterDriver, meetsFilter, NOT_CONTACTED_DAYS_MAX } from '../domain/client-filter';

export const CLIENT_FILTER_MESSAGES = {
  empty: 'A filter needs at least one of tag, q, dueForCheckIn or notContactedDays',
  q: 'q must be 1 to 100 characters, with at least one letter or digit',
  dueForCheckIn: 'dueForCheckIn must be true when given',
  notContactedDays: `notContactedDays must be a whole number from 1 to ${NOT_CONTACTED_DAYS_MAX}`,
} as const;

/** A filter as sent (a segment's, a bulk action's, a broadcast's). */
export const clientFilterSchema = yup
  .object({
    tag: tagSchema,
    q: yup
      .string()
      .typeError(CLIENT_FILTER_MESSAGES.q)
      .trim()
      .max(100, CLIENT_FILTER_MESSAGES.q)
      .test('q-word', CLIENT_FILTER_MESSAGES.q, (value) => value === undefined || /[\p{L}\p{N}]/u.test(value)),
    dueForCheckIn: yup.boolean().strict(true).oneOf([true], CLIENT_FILTER_MESSAGES.dueForCheckIn),
    notContactedDays: yup
      .number()
      .strict(true)
      .typeError(CLIENT_FILTER_MESSAGES.notContactedDays)
      .integer(CLIENT_FILTER_MESSAGES.notContactedDays)
      .min(1, CLIENT_FILTER_MESSAGES.notContactedDays)
      .max(NOT_CONTACTED_DAYS_MAX, CLIENT_FILTER_MESSAGES.notContactedDays),
  })
  .noUnknown(true, CLIENT_FILTER_MESSAGES.empty)
  .typeError(CLIENT_FILTER_MESSAGES.empty)
  .test('filter-empty', CLIENT_FILTER_MESSAGES.empty, (value) =>
    Boolean(value && Object.values(value).some((field) => field !== undefined)),
  );

export type FilterPage = { clients: ClientItem[]; nextCursor: string | null };
export type FilterOptions = { limit: number; cursor?: string; timeZone?: string; now?: Date };

/** Only the fields given, a filter as stored and compared. */
export function compactFilter(filter: ClientFilter): ClientFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as ClientFilter;
}

/**
 * One page of the clients that meet the filter, by the driving index's order (a page may hold fewer than `limit`:
 * the clients the rest of the filter leaves out). Throws InvalidCursorError for a cursor of another filter's pages.
 */
export async function pageFilteredClients(
  agentId: string,
  filter: ClientFilter,
  { limit, cursor, timeZone = 'UTC', now = new Date() }: FilterOptions,
): Promise<FilterPage> {
  const driver = filterDriver(filter);
  const today = todayIn(timeZone, now);
  let page: FilterPage;
  if (driver === 'tag' || driver === 'search') {
    // With a tag, `q` is held by the list itself (the tag's entries or the search's, each checked against the other).
    page = await pageClientList(agentId, { limit, cursor, q: filter.q, tag: filter.tag, sort: 'name', order: 'asc' });
  } else if (driver === 'check-in') {
    page = await dueForCheckInPage(agentId, { today, limit, cursor });
  } else if (driver === 'contact') {
    const before = contactCutoff(today, filter.notContactedDays!);
    page = await lastContactPage(agentId, { forward: true, limit, cursor, before });
  } else {
    throw new Error('a filter naming nothing reached the filter module: clientFilterSchema refuses it');
  }
  const matchesQuery = (client: ClientItem) => (q: string) => {
    const tokens = searchTokens(client);
    return queryWords(q).every((word) => tokens.some((token) => token.startsWith(word)));
  };
  return {
    clients: page.clients.filter((client) => meetsFilter(client, filter, today, matchesQuery(client))),
    nextCursor: page.nextCursor,
  };
}

/** Every client that meets the filter, a page at a time (for a job or a count: it reads what the filter drives). */
export async function* filteredClientPages(
  agentId: string,
  filter: ClientFilter,
  options: Omit<FilterOptions, 'cursor' | 'limit'> & { limit?: number } = {},
): AsyncGenerator<ClientItem[]> {
  let cursor: string | undefined;
  do {
    const page = await pageFilteredClients(agentId, filter, { ...options, limit: options.limit ?? 500, cursor });
    if (page.clients.length > 0) yield page.clients;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The ids of the clients that meet the filter, at most `max` (undefined: all). */
export async function filteredClientIds(
  agentId: string,
  filter: ClientFilter,
  options: Omit<FilterOptions, 'cursor' | 'limit'> & { max?: number } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for await (const clients of filteredClientPages(agentId, filter, options)) {
    for (const client of clients) {
      ids.push(client.id);
      if (options.max !== undefined && ids.length >= options.max) return ids;
    }
  }
  return ids;
}

/** How many clients meet the filter now: a tag alone from its counter, otherwise by reading what the filter drives. */
export async function countFilteredClients(
  agentId: string,
  filter: ClientFilter,
  options: Omit<FilterOptions, 'cursor' | 'limit'> = {},
): Promise<number> {
  const named = Object.keys(compactFilter(filter));
  if (named.length === 1 && filter.tag !== undefined) return tagCount(agentId, filter.tag);
  let count = 0;
  for await (const clients of filteredClientPages(agentId, filter, options)) count += clients.length;
  return count;
}

// Which of an agent's clients a filter keeps (segments, bulk actions, broadcasts): the rules that need no database.
// functions/services/client-filter.ts reads the clients through an index chosen for the filter and applies these.
import { addDays } from '@shared/dates';
import type { ClientFilter } from '@shared/api-types';
import { hasTag } from '@shared/tags';
import { isDueForCheckIn, type RhythmClient } from './check-ins';

export const NOT_CONTACTED_DAYS_MAX = 3650;

/** The index a filter is read through: the most selective one it names (never the whole book). */
export type FilterDriver = 'tag' | 'search' | 'check-in' | 'contact';

/** The driver of a filter, or undefined for a filter that names nothing (refused: it would be the whole book). */
export function filterDriver(filter: ClientFilter): FilterDriver | undefined {
  if (filter.tag !== undefined) return 'tag';
  if (filter.q !== undefined) return 'search';
  if (filter.dueForCheckIn !== undefined) return 'check-in';
  if (filter.notContactedDays !== undefined) return 'contact';
  return undefined;
}

/**
 * The first day a client's Last Contact no longer counts as "not contacted in `days` days" on `today`: a contact on
 * or before today − days does (never contacted does too).
 */
export function contactCutoff(today: string, days: number): string {
  return addDays(today, -days + 1);
}

type Filtered = RhythmClient & { tags?: readonly string[]; lastContactDate?: string | null };

/**
 * Whether the client meets the parts of the filter its driver did not already hold. `matchesQuery` tells whether the
 * client matches the search words (the list's own rule, client-lists.ts).
 */
export function meetsFilter(
  client: Filtered,
  filter: ClientFilter,
  today: string,
  matchesQuery: (q: string) => boolean,
): boolean {
  if (filter.tag !== undefined && !hasTag(client.tags, filter.tag)) return false;
  if (filter.dueForCheckIn !== undefined && !isDueForCheckIn(client, today)) return false;
  if (filter.notContactedDays !== undefined) {
    const last = client.lastContactDate;
    if (last && last.slice(0, 10) >= contactCutoff(today, filter.notContactedDays)) return false;
  }
  return filter.q === undefined || matchesQuery(filter.q);
}

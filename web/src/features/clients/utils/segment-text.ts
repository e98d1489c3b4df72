// A client filter (a saved segment's, the list's) told in words: "tagged Buyer and matching “ana”".
import type { ClientFilter } from '@shared/api-types';

export function filterText(filter: ClientFilter): string {
  const parts = [
    filter.tag ? `tagged ${filter.tag}` : null,
    filter.q ? `matching “${filter.q}”` : null,
    filter.dueForCheckIn ? 'due for a check-in' : null,
    filter.notContactedDays ? `not contacted in ${filter.notContactedDays} days` : null,
  ].filter((part): part is string => part !== null);
  return parts.join(' and ');
}

/** The name a new segment is offered: its tag, else its search. */
export const suggestedSegmentName = (filter: ClientFilter): string => filter.tag ?? filter.q ?? '';

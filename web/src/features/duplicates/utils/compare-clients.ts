// What the duplicates screen shows of each client of a group, and which of those rows differ between them.
import type { Client, DuplicateReason } from '@shared/api-types';
import { formatCalendarDate, formatTimestamp } from '@/lib/dates';

export type ComparedRow = { field: string; label: string; values: string[]; differs: boolean };

const EMPTY = '—';

const date = (value: string | null) => (value ? formatCalendarDate(value) : EMPTY);

const ROWS: ReadonlyArray<{ field: string; label: string; value: (client: Client) => string }> = [
  { field: 'name', label: 'Name', value: (c) => c.name },
  { field: 'email', label: 'Email', value: (c) => c.email },
  { field: 'phone', label: 'Phone', value: (c) => c.phone },
  { field: 'address', label: 'Address', value: (c) => c.address ?? EMPTY },
  { field: 'birthday', label: 'Birthday', value: (c) => date(c.birthday) },
  { field: 'anniversary', label: 'Anniversary', value: (c) => date(c.anniversary) },
  { field: 'purchaseDate', label: 'Purchase date', value: (c) => date(c.purchaseDate) },
  {
    field: 'keyDates',
    label: 'Other dates',
    value: (c) => c.keyDates.map((d) => `${d.label}: ${formatCalendarDate(d.date)}`).join(', ') || EMPTY,
  },
  { field: 'tags', label: 'Tags', value: (c) => c.tags.join(', ') || EMPTY },
  {
    field: 'lastContactDate',
    label: 'Last contact',
    value: (c) => (c.lastContactDate ? formatTimestamp(c.lastContactDate) : EMPTY),
  },
  { field: 'createdAt', label: 'Added', value: (c) => formatTimestamp(c.createdAt) },
];

/** Each field as each client of the group has it, in the group's order, and whether they differ. */
export function compareClients(clients: readonly Client[]): ComparedRow[] {
  return ROWS.map(({ field, label, value }) => {
    const values = clients.map(value);
    return { field, label, values, differs: new Set(values).size > 1 };
  });
}

export const REASON_LABELS: Record<DuplicateReason, string> = {
  phone: 'Same phone number',
  'name-and-date': 'Same name and a same date',
  'similar-name': 'Similar name, same contact details',
};

/** The clients page link: `1 possible duplicate`, `3 possible duplicates` (counted in groups). */
export const duplicatesLabel = (groups: number): string => `${groups} possible duplicate${groups === 1 ? '' : 's'}`;

/** How to name two clients apart: by name, or by e-mail when they have the same name. */
export function clientLabels(merged: Client, kept: Client): { merged: string; kept: string } {
  return merged.name === kept.name
    ? { merged: merged.email, kept: kept.email }
    : { merged: merged.name, kept: kept.name };
}

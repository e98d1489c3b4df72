// Which of an agent's clients look like the same person, and what a merge of two of them keeps. Pure: the scan
// (functions/services/client-merge.ts) reads the book once and hands it here. Pairs are compared only inside blocks
// (the same number, the same folded name, the same mailbox), never every client with every other.
import type { DuplicateReason, KeyDate } from '@shared/api-types';
import { nameWords } from './review-match';

/** What the rules read of a client. */
export type DuplicateCandidate = {
  id: string;
  name: string;
  email: string;
  phone: string;
  birthday?: string | null;
  anniversary?: string | null;
  purchaseDate?: string | null;
  keyDates?: readonly KeyDate[];
  createdAt: string;
};

export type DuplicateGroup = { clientIds: string[]; reason: DuplicateReason };

/** The strongest reason first: a pair is reported under the first reason that joins it. */
export const DUPLICATE_REASONS: readonly DuplicateReason[] = ['phone', 'name-and-date', 'similar-name'];
/** The largest edit distance (Damerau-Levenshtein, adjacent swaps count one) between two similar names. */
export const SIMILAR_NAME_DISTANCE = 2;
/** A block larger than this is a common name, not a duplicate: its pairs are not compared. */
export const MAX_BLOCK = 500;

/**
 * A phone number as comparable digits, E.164 without the plus: an international `00` prefix dropped and a 10-digit
 * North American number given its country code 1. Undefined when too short to be a number.
 */
export function phoneDigits(phone: string | undefined): string | undefined {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 10) digits = `1${digits}`;
  return digits.length >= 8 ? digits : undefined;
}

/** The name folded: case, accents, punctuation and suffixes (Jr., Sr.) off, words single-spaced. */
export const foldedName = (name: string): string => nameWords(name).join(' ');

/**
 * An address as one mailbox: lower case, a `+tag` dropped, and for Gmail the dots of the local part (Gmail ignores
 * them) and googlemail.com spelled gmail.com.
 */
export function mailbox(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.trim().toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  local = local.split('+')[0]!;
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/**
 * The Damerau-Levenshtein distance (optimal string alignment) of `a` and `b`, or `max + 1` as soon as it is known to
 * exceed `max`.
 */
export function editDistance(a: string, b: string, max = SIMILAR_NAME_DISTANCE): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** Every key date of the client: the three of the form and the custom ones. */
function datesOf(client: DuplicateCandidate): string[] {
  return [
    client.birthday,
    client.anniversary,
    client.purchaseDate,
    ...(client.keyDates ?? []).map((d) => d.date),
  ].filter((date): date is string => typeof date === 'string' && date.length > 0);
}

/** The same day: the same date, or the same month and day when one of them has no year (`--MM-DD`). */
export const sameDay = (a: string, b: string): boolean =>
  a === b || ((a.startsWith('--') || b.startsWith('--')) && a.slice(-5) === b.slice(-5));

const shareADate = (a: DuplicateCandidate, b: DuplicateCandidate): boolean => {
  const theirs = datesOf(b);
  return datesOf(a).some((date) => theirs.some((other) => sameDay(date, other)));
};

/** Similar names: a short edit distance, or the same last name with the same first initial ("J. Smith"). */
function similarNames(a: string, b: string): boolean {
  if (a.length === 0 || b.length === 0) return false;
  if (editDistance(a, b) <= SIMILAR_NAME_DISTANCE) return true;
  const wa = a.split(' ');
  const wb = b.split(' ');
  return wa.length > 1 && wb.length > 1 && wa.at(-1) === wb.at(-1) && wa[0]![0] === wb[0]![0];
}

const sameContact = (a: Folded, b: Folded) => a.mailbox === b.mailbox || (!!a.phone && a.phone === b.phone);

type Folded = { client: DuplicateCandidate; name: string; mailbox: string; phone: string | undefined };

/** Union-find over indexes, for grouping the pairs one reason joins. */
class Components {
  private readonly parent: number[];
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]!]!;
      i = this.parent[i]!;
    }
    return i;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
}

function blocksBy(items: readonly Folded[], keysOf: (item: Folded) => Array<string | undefined>): number[][] {
  const blocks = new Map<string, number[]>();
  items.forEach((item, index) => {
    for (const key of new Set(keysOf(item))) {
      if (!key) continue;
      const block = blocks.get(key);
      if (block) block.push(index);
      else blocks.set(key, [index]);
    }
  });
  return [...blocks.values()].filter((block) => block.length > 1 && block.length <= MAX_BLOCK);
}

/**
 * The groups of likely duplicates, strongest reason first: the same phone number; the same folded name and a same key
 * date; similar names with the same mailbox or number. A pair already grouped by a stronger reason is not grouped
 * again. Each group lists its clients oldest first (the one to keep, by default); groups are ordered by reason, then
 * by their oldest client.
 */
export function findDuplicateGroups(clients: readonly DuplicateCandidate[]): DuplicateGroup[] {
  const items: Folded[] = clients.map((client) => ({
    client,
    name: foldedName(client.name),
    mailbox: mailbox(client.email),
    phone: phoneDigits(client.phone),
  }));
  const created = new Map(clients.map((client) => [client.id, client.createdAt]));
  const joined = new Components(items.length);
  const groups: DuplicateGroup[] = [];
  const rules: Record<DuplicateReason, { blocks: number[][]; pairs: (a: Folded, b: Folded) => boolean }> = {
    phone: { blocks: blocksBy(items, (item) => [item.phone]), pairs: () => true },
    'name-and-date': {
      blocks: blocksBy(items, (item) => [item.name || undefined]),
      pairs: (a, b) => shareADate(a.client, b.client),
    },
    'similar-name': {
      // A similar name counts only with a matching contact field: the pairs to compare share one.
      blocks: blocksBy(items, (item) => [`mail:${item.mailbox}`, item.phone && `phone:${item.phone}`]),
      pairs: (a, b) => sameContact(a, b) && similarNames(a.name, b.name),
    },
  };
  for (const reason of DUPLICATE_REASONS) {
    const { blocks, pairs } = rules[reason];
    const components = new Components(items.length);
    const members = new Set<number>();
    for (const block of blocks) {
      for (let x = 0; x < block.length; x += 1) {
        for (let y = x + 1; y < block.length; y += 1) {
          const [i, j] = [block[x]!, block[y]!];
          if (joined.find(i) === joined.find(j) || components.find(i) === components.find(j)) continue;
          if (!pairs(items[i]!, items[j]!)) continue;
          components.union(i, j);
          members.add(i).add(j);
        }
      }
    }
    const byRoot = new Map<number, number[]>();
    for (const index of members) {
      const root = components.find(index);
      byRoot.set(root, [...(byRoot.get(root) ?? []), index]);
    }
    const found = [...byRoot.values()].map((indexes) => {
      indexes.forEach((index) => joined.union(index, indexes[0]!));
      return { clientIds: oldestFirst(indexes.map((index) => items[index]!.client)), reason };
    });
    groups.push(...found.sort((a, b) => compareOldest(created, a.clientIds[0]!, b.clientIds[0]!)));
  }
  return groups;
}

function oldestFirst(clients: DuplicateCandidate[]): string[] {
  return clients
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((client) => client.id);
}

function compareOldest(created: ReadonlyMap<string, string>, a: string, b: string): number {
  return (created.get(a) ?? '').localeCompare(created.get(b) ?? '') || a.localeCompare(b);
}

/** At most this many tags and custom key dates on a client (the merge keeps the kept client's first). */
export const MAX_TAGS = 20;
export const MAX_KEY_DATES = 10;

/** What a merge reads of each client. */
export type MergeSide = {
  phone: string;
  address?: string | null;
  birthday?: string | null;
  anniversary?: string | null;
  purchaseDate?: string | null;
  postalCode?: string | null;
  purchasePrice?: number | null;
  timeZone?: string | null;
  cadenceDays?: number | null;
  lastContactDate?: string | null;
  tags?: readonly string[];
  keyDates?: readonly KeyDate[];
  hasTestimonial?: boolean;
  smsOptedOut?: boolean;
  reviewStatus?: 'pending' | 'requested' | 'submitted';
  reviewRequestedAt?: string | null;
  reviewSubmittedAt?: string | null;
  reviewLinkOpenedAt?: string | null;
};

const FILLED_FIELDS = [
  'address',
  'postalCode',
  'birthday',
  'anniversary',
  'purchaseDate',
  'purchasePrice',
  'timeZone',
  'cadenceDays',
] as const;
const REVIEW_RANK = { pending: 0, requested: 1, submitted: 2 } as const;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The kept client's fields after absorbing the other: its own values stay; its empty fields take the other's; tags
 * (case-insensitive, as first written) and custom dates are united within their limits; Last Contact is the later
 * one; a testimonial or a further review status of the other's comes along (its history moves too); a text opt-out of
 * the other at the same number holds for the kept client. Only the fields that change are answered.
 */
export function mergedFields(keep: MergeSide, other: MergeSide): Partial<MergeSide> {
  const fields: Partial<Record<keyof MergeSide, unknown>> = {};
  for (const field of FILLED_FIELDS) {
    if (isEmpty(keep[field]) && !isEmpty(other[field])) fields[field] = other[field];
  }
  const tags = [...(keep.tags ?? [])];
  for (const tag of other.tags ?? []) {
    if (tags.length >= MAX_TAGS) break;
    if (!tags.some((kept) => kept.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  if (tags.length !== (keep.tags ?? []).length) fields.tags = tags;
  const keyDates = [...(keep.keyDates ?? [])];
  for (const date of other.keyDates ?? []) {
    if (keyDates.length >= MAX_KEY_DATES) break;
    const same = (kept: KeyDate) => kept.label.toLowerCase() === date.label.toLowerCase() && kept.date === date.date;
    if (!keyDates.some(same)) keyDates.push({ label: date.label, date: date.date });
  }
  if (keyDates.length !== (keep.keyDates ?? []).length) fields.keyDates = keyDates;
  if (other.lastContactDate && (!keep.lastContactDate || other.lastContactDate > keep.lastContactDate)) {
    fields.lastContactDate = other.lastContactDate;
  }
  if (other.hasTestimonial && !keep.hasTestimonial) fields.hasTestimonial = true;
  if (REVIEW_RANK[other.reviewStatus ?? 'pending'] > REVIEW_RANK[keep.reviewStatus ?? 'pending']) {
    fields.reviewStatus = other.reviewStatus;
    fields.reviewSubmittedAt = other.reviewSubmittedAt ?? null;
    // The other's request, and whether the client opened its link (the kept client's opening was of its own request).
    // A review of the other's that no request led to leaves the kept client's own request as it is: it was made.
    if (other.reviewRequestedAt) {
      fields.reviewRequestedAt = other.reviewRequestedAt;
      fields.reviewLinkOpenedAt = other.reviewLinkOpenedAt ?? null;
    }
  }
  if (other.smsOptedOut && !keep.smsOptedOut && phoneDigits(other.phone) === phoneDigits(keep.phone)) {
    fields.smsOptedOut = true;
  }
  return fields as Partial<MergeSide>;
}

/**
 * Fields a merge sets together and its undo puts back only together: a review's status and dates, decided by the
 * request (the other client's request goes back to it, whatever its status became since; a request made since stays);
 * a text opt-out with its time and consent.
 */
const SET_TOGETHER: readonly { fields: readonly string[]; decidedBy?: string }[] = [
  {
    fields: ['reviewStatus', 'reviewRequestedAt', 'reviewSubmittedAt', 'reviewLinkOpenedAt'],
    decidedBy: 'reviewRequestedAt',
  },
  { fields: ['smsOptedOut', 'smsOptedOutAt', 'smsConsent'] },
];
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A merge undone: each field the merge set on the kept client (`absorbed`) that is still as the merge set it goes back
 * to what the client had before (`before`; null where it had nothing). A field changed since keeps its new value (an
 * opt-out, a review request, a tag added), and fields set together go back only all together (SET_TOGETHER).
 */
export function unmergedFields<T extends object>(current: T, before: T, absorbed: Partial<T>): Partial<T> {
  const value = (item: object, field: string) => (item as Record<string, unknown>)[field];
  const fields: Record<string, unknown> = {};
  const set = Object.keys(absorbed);
  for (const field of set) {
    if (field in fields) continue;
    const together = SET_TOGETHER.find(({ fields: members }) => members.includes(field));
    const group = (together?.fields ?? [field]).filter((f) => set.includes(f));
    const decidedBy = together?.decidedBy && set.includes(together.decidedBy) ? [together.decidedBy] : group;
    if (decidedBy.every((f) => sameValue(value(current, f), value(absorbed, f)))) {
      for (const f of group) fields[f] = value(before, f) ?? null;
    } else {
      for (const f of group) fields[f] = value(current, f);
    }
  }
  // What stays as it is now is no change.
  return Object.fromEntries(
    Object.entries(fields).filter(([field]) => !sameValue(fields[field], value(current, field))),
  ) as Partial<T>;
}

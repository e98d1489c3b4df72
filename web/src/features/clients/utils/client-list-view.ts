// What the clients page shows, as its URL says it: /clients?q=&sort=&order=&limit=&cursor= (each
// left out at its default), and the trail of earlier pages kept in the history entry's state.
import { CLIENT_SORTS, type ClientSort, type SortOrder } from '@shared/api-types';

/** The orders offered, as the sort select names them. */
export const SORT_LABELS: Record<ClientSort, string> = {
  name: 'Name',
  created: 'Recently added',
  lastContact: 'Last contact',
  completion: 'Profile completion',
  review: 'Review status',
};

/** Each order's two directions, its default first. */
export const ORDER_LABELS: Record<ClientSort, Record<SortOrder, string>> = {
  name: { asc: 'A to Z', desc: 'Z to A' },
  created: { desc: 'Newest first', asc: 'Oldest first' },
  lastContact: { desc: 'Most recent first', asc: 'Longest ago first' },
  completion: { asc: 'Least complete first', desc: 'Most complete first' },
  review: { asc: 'Pending first', desc: 'Submitted first' },
};

/** The page sizes offered; the first is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;

/** The longest search the API takes. */
export const SEARCH_MAX_LENGTH = 100;

export type ClientListView = {
  /** The search, trimmed ('' when not searching). */
  q: string;
  sort: ClientSort;
  order: SortOrder;
  limit: number;
  /** Where the page starts ('' for the first page). */
  cursor: string;
  /** Only the clients with this tag (absent for all). */
  tag?: string;
};

export function defaultOrder(sort: ClientSort): SortOrder {
  return sort === 'created' || sort === 'lastContact' ? 'desc' : 'asc';
}

const isSort = (value: string | null): value is ClientSort =>
  (CLIENT_SORTS as readonly (string | null)[]).includes(value);

/** The view a URL's search parameters describe (anything unknown falls back to the default). */
export function readClientListView(params: URLSearchParams): ClientListView {
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : 'name';
  const orderParam = params.get('order');
  const limit = Number(params.get('limit'));
  return {
    q: searchTerm(params.get('q') ?? ''),
    sort,
    order: orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder(sort),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : PAGE_SIZES[0],
    cursor: params.get('cursor') ?? '',
    ...(params.get('tag')?.trim() ? { tag: params.get('tag')!.trim() } : {}),
  };
}

/** `params` with the view written in (defaults left out); other parameters are kept. */
export function writeClientListView(params: URLSearchParams, view: ClientListView): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string, fallback: string) =>
    value === fallback ? next.delete(name) : next.set(name, value);
  set('q', view.q, '');
  set('sort', view.sort, 'name');
  set('order', view.order, defaultOrder(view.sort));
  set('limit', String(view.limit), String(PAGE_SIZES[0]));
  set('cursor', view.cursor, '');
  set('tag', view.tag ?? '', '');
  return next;
}

/**
 * What is searched for as the agent types: the text trimmed, at most SEARCH_MAX_LENGTH characters,
 * and nothing when it has no letter or digit (the API finds clients by words).
 */
export function searchTerm(text: string): string {
  const term = text.trim().slice(0, SEARCH_MAX_LENGTH).trim();
  return /[\p{L}\p{N}]/u.test(term) ? term : '';
}

/** A page before the one shown: where it starts and how many clients came before it. */
export type PageMark = { cursor: string; before: number };

/** The history entry's state on a page past the first: the pages before it, and how many clients they held. */
export type ClientPagesTrail = { pages: PageMark[]; before: number };

/** The trail a history entry's state holds, if it holds one (a link opened afresh has none). */
export function readTrail(state: unknown): ClientPagesTrail | null {
  const trail = (state as { clientPages?: unknown } | null)?.clientPages as ClientPagesTrail | undefined;
  if (!trail || !Array.isArray(trail.pages) || typeof trail.before !== 'number') return null;
  return trail;
}

/** The history state that carries a trail. */
export const trailState = (trail: ClientPagesTrail) => ({ clientPages: trail });

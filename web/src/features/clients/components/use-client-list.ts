// The clients page's list state: the view in the URL (search, order, page size and the page's
// cursor), the page the API answers for it, and the moves between pages. Typing replaces the
// history entry once the agent pauses; every other change (order, page) pushes one, so Back and
// Forward walk through what was shown, and a reload shows the same page.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { ClientSort, SortOrder } from '@shared/api-types';
import { clientPageKey, useClientPage } from '@/lib/clients';
import {
  defaultOrder,
  readClientListView,
  readTrail,
  searchTerm,
  trailState,
  writeClientListView,
  type ClientListView,
  type ClientPagesTrail,
} from '../utils/client-list-view';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

const FIRST_PAGE: ClientPagesTrail = { pages: [], before: 0 };

export type ClientList = ReturnType<typeof useClientList>;

export function useClientList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const view = useMemo(() => readClientListView(searchParams), [searchParams]);
  // The pages before this one, when this history entry knows them (a link opened afresh does not).
  const trail = view.cursor ? readTrail(location.state) : FIRST_PAGE;

  const show = useCallback(
    (
      next: ClientListView,
      { replace = false, trail: nextTrail }: { replace?: boolean; trail?: ClientPagesTrail } = {},
    ) =>
      setSearchParams((params) => writeClientListView(params, next), {
        replace,
        state: nextTrail ? trailState(nextTrail) : null,
      }),
    [setSearchParams],
  );

  // The search field: what is typed, sent once the typing pauses (from page one).
  const [text, setText] = useState(view.q);
  // The search the field itself last sent to the URL: when the URL takes it, the field keeps what was typed since.
  const sent = useRef(view.q);
  useEffect(() => {
    if (view.q === sent.current) return;
    // Back, Forward or a link changed the search: the field follows (spaces the agent is typing stay).
    sent.current = view.q;
    setText((current) => (searchTerm(current) === view.q ? current : view.q));
  }, [view.q]);
  useEffect(() => {
    const term = searchTerm(text);
    if (term === view.q) return undefined;
    const timer = setTimeout(() => {
      sent.current = term;
      show({ ...view, q: term, cursor: '' }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, view, show]);
  const clearSearch = useCallback(() => {
    sent.current = '';
    setText('');
    if (view.q) show({ ...view, q: '', cursor: '' }, { replace: true });
  }, [view, show]);

  const key = clientPageKey(
    view.q
      ? { limit: view.limit, q: view.q, cursor: view.cursor, tag: view.tag }
      : { limit: view.limit, sort: view.sort, order: view.order, cursor: view.cursor, tag: view.tag },
  );
  const { page, error, isLoading, isStale, mutate } = useClientPage(key);
  // While searching, the page's total counts the matches: the book's size (the free plan) is read apart.
  const book = useClientPage(view.q || view.tag ? clientPageKey({ limit: 1 }) : null);
  const freshBookTotal = view.q || view.tag ? book.page?.total : isStale || error ? undefined : page?.total;
  // Kept while a page loads, so the free-plan notice above the list stays put.
  const [knownBookTotal, setKnownBookTotal] = useState<number>();
  useEffect(() => {
    if (freshBookTotal !== undefined) setKnownBookTotal(freshBookTotal);
  }, [freshBookTotal]);

  const rows = isStale ? 0 : (page?.clients.length ?? 0);
  const nextCursor = isStale || error ? null : (page?.nextCursor ?? null);
  const total = page?.total ?? 0;
  const pager = {
    /** On a page past the first (Previous, or First page when the pages before are unknown). */
    hasPrevious: view.cursor !== '',
    /** The pages before are known: Previous goes one back, otherwise to the first page. */
    knowsPrevious: trail !== null && trail.pages.length > 0,
    // The last page's cursor can lead to an empty page: the count says when every client was shown.
    hasNext: nextCursor !== null && rows > 0 && (trail === null || trail.before + rows < total),
    /** "26–50 of 120" when the pages before are known. */
    range: trail !== null && rows > 0 ? { from: trail.before + 1, to: trail.before + rows, total } : null,
    next: () => {
      if (!nextCursor) return;
      show(
        { ...view, cursor: nextCursor },
        trail
          ? {
              trail: {
                pages: [...trail.pages, { cursor: view.cursor, before: trail.before }],
                before: trail.before + rows,
              },
            }
          : {},
      );
    },
    previous: () => {
      const before = trail?.pages.at(-1);
      if (!trail || !before) return show({ ...view, cursor: '' });
      show(
        { ...view, cursor: before.cursor },
        before.cursor ? { trail: { pages: trail.pages.slice(0, -1), before: before.before } } : {},
      );
    },
    first: () => show({ ...view, cursor: '' }),
  };

  return {
    view,
    text,
    setText,
    clearSearch,
    setSort: (sort: ClientSort) => show({ ...view, sort, order: defaultOrder(sort), cursor: '' }),
    setOrder: (order: SortOrder) => show({ ...view, order, cursor: '' }),
    setLimit: (limit: number) => show({ ...view, limit, cursor: '' }),
    /** A one-click filter (a tag chip or a segment): its tag and search replace the list's. */
    setFilter: ({ tag, q = '' }: { tag?: string; q?: string }) => {
      setText(q);
      show({ ...view, tag, q: searchTerm(q), cursor: '' });
    },
    page,
    error,
    /** The first read, with nothing to show yet. */
    isLoading: isLoading && !page,
    /** The list shows an earlier page while the one asked for loads. */
    isStale,
    retry: () => void mutate(),
    /** How many clients the agent has (undefined until known). */
    bookTotal: freshBookTotal ?? knownBookTotal,
    pager,
  };
}

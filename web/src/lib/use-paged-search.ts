// Paging and search-as-you-type for the long lists (clients, every agent's clients, agents,
// reminders). The query is deferred so typing stays quick with thousands of rows; a new query or
// page size goes back to the first page, and a page past the end (after a delete) shows the last.
import { useDeferredValue, useMemo, useState } from 'react';

/** The page sizes offered; the smallest is the default and the size under which no pager shows. */
export const PAGE_SIZES = [25, 50, 100] as const;

/** What a pager shows and changes (see ListPagination). */
export type Pagination = {
  count: number;
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
};

export function usePagination<T>(items: readonly T[], initialRowsPerPage: number = PAGE_SIZES[0]) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(initialRowsPerPage);
  const lastPage = Math.max(0, Math.ceil(items.length / rowsPerPage) - 1);
  const current = Math.min(page, lastPage);
  const pageItems = useMemo(
    () => items.slice(current * rowsPerPage, (current + 1) * rowsPerPage),
    [items, current, rowsPerPage],
  );
  const pagination: Pagination = {
    count: items.length,
    page: current,
    rowsPerPage,
    onPageChange: setPage,
    onRowsPerPageChange: (next) => {
      setRowsPerPage(next);
      setPage(0);
    },
  };
  return { pageItems, pagination, resetPage: () => setPage(0) };
}

const NONE: readonly never[] = [];

/** `items` (undefined while loading) narrowed by `filter` to the typed query, a page at a time. */
export function usePagedSearch<T>(
  items: readonly T[] | undefined,
  filter: (items: readonly T[], query: string) => readonly T[],
) {
  const [query, setQueryValue] = useState('');
  const deferredQuery = useDeferredValue(query);
  const filtered = useMemo(() => filter(items ?? NONE, deferredQuery), [items, filter, deferredQuery]);
  const { pageItems, pagination, resetPage } = usePagination(filtered);
  const setQuery = (value: string) => {
    setQueryValue(value);
    resetPage();
  };
  return {
    query,
    setQuery,
    /** The query the list shows, trimmed ('' when not searching). */
    searchTerm: deferredQuery.trim(),
    /** The list still shows an older query than the one typed. */
    isStale: query !== deferredQuery,
    filtered,
    pageItems,
    pagination,
    resetPage,
  };
}

// Which clients of the list are selected for a bulk action: some rows by id, or every client matching the list's
// filter ("Select all N matching").
import { useCallback, useMemo, useState } from 'react';

export type ClientSelection = {
  ids: ReadonlySet<string>;
  /** Every client matching the list, not only the rows shown. */
  allMatching: boolean;
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  setPage: (ids: readonly string[], selected: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
};

export function useClientSelection(): ClientSelection {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const toggle = useCallback((id: string) => {
    setAllMatching(false);
    setIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const setPage = useCallback((page: readonly string[], selected: boolean) => {
    setAllMatching(false);
    setIds((current) => {
      const next = new Set(current);
      for (const id of page) {
        if (selected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    setAllMatching(false);
    setIds(new Set());
  }, []);
  return useMemo(
    () => ({
      ids,
      allMatching,
      isSelected: (id: string) => allMatching || ids.has(id),
      toggle,
      setPage,
      selectAllMatching: () => setAllMatching(true),
      clear,
    }),
    [ids, allMatching, toggle, setPage, clear],
  );
}

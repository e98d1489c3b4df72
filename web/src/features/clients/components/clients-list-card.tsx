// The card of the clients page: the search, the order and the count above a page of clients, the
// pager below, or what stands in for them (loading, no clients, no match, a page that failed).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, type RefObject } from 'react';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { LoadingRows } from '@/components/ui/loading-rows';
import { SearchBox } from '@/components/ui/search-box';
import { countText } from '@/lib/count-text';
import { PAGE_SIZES, SEARCH_MAX_LENGTH } from '../utils/client-list-view';
import { BulkActionsBar } from './bulk-actions-bar';
import { useClientSelection, type ClientSelection } from './client-selection';
import { ClientsList, type ClientActions } from './clients-list';
import { TagFilter } from './tag-filter';
import { NoClients, NoMatches, PageError, PastTheEnd } from './clients-list-states';
import { ClientsPager, SortControls } from './list-controls';
import { PlanUsage } from './plan-notice';
import type { ClientList } from './use-client-list';

type ClientsListCardProps = ClientActions & {
  list: ClientList;
  isPro: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
  onAdd: () => void;
  onImport: () => void;
};

export function ClientsListCard({ list, isPro, searchRef, onAdd, onImport, ...actions }: ClientsListCardProps) {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { view, page, pager } = list;
  const selection = useClientSelection();
  const { clear } = selection;
  // Another filter is another set of clients: what was selected goes.
  useEffect(clear, [clear, view.tag, view.q]);
  // A page turned from the bottom of a long list starts at its top.
  const cardRef = useRef<HTMLDivElement>(null);
  const turnPage = (move: () => void) => {
    move();
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start' });
  };
  // No clients at all (not merely none on this page or for this search).
  const bookEmpty =
    page !== undefined &&
    !list.isStale &&
    !list.error &&
    !view.q &&
    !view.tag &&
    !view.cursor &&
    page.clients.length === 0;

  return (
    <Card ref={cardRef} sx={{ scrollMarginTop: 88 }}>
      {/* Outside the states below: a delete that empties the list still offers its undo. */}
      <BulkActionsBar
        selection={selection}
        pageIds={list.isStale || !page ? [] : page.clients.map((client) => client.id)}
        matching={page?.total ?? 0}
        filter={view.tag || view.q ? { tag: view.tag, q: view.q || undefined } : undefined}
      />
      {list.error && !page ? (
        <PageError error={list.error} onRetry={list.retry} onFirstPage={pager.first}>
          We couldn't load your clients.
        </PageError>
      ) : list.isLoading || !page ? (
        <LoadingRows label="Loading clients">
          <Skeleton variant="rounded" height={40} sx={{ maxWidth: 380 }} />
        </LoadingRows>
      ) : bookEmpty ? (
        <NoClients onAdd={onAdd} onImport={onImport} />
      ) : (
        <>
          <ClientsToolbar list={list} isPro={isPro} isMobile={isMobile} searchRef={searchRef} />
          <TagFilter tag={view.tag} q={view.q} matching={page.total} onFilter={list.setFilter} />
          <ClientsPage list={list} isMobile={isMobile} selection={selection} {...actions} />
          {view.cursor || pager.hasNext || view.limit !== PAGE_SIZES[0] ? (
            <ClientsPager
              limit={view.limit}
              onLimitChange={list.setLimit}
              range={pager.range}
              hasPrevious={pager.hasPrevious}
              knowsPrevious={pager.knowsPrevious}
              hasNext={pager.hasNext}
              onPrevious={() => turnPage(pager.previous)}
              onNext={() => turnPage(pager.next)}
              showPageSizes={!isMobile}
              busy={list.isStale}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}

type ClientsToolbarProps = {
  list: ClientList;
  isPro: boolean;
  isMobile: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
};

/** The search field, the order, and how many clients the list holds or the search found. */
function ClientsToolbar({ list, isPro, isMobile, searchRef }: ClientsToolbarProps) {
  const { view, page } = list;
  // The whole book's size (the free plan's counter), from the API's total: never the list's length.
  const count = list.bookTotal;
  const total = page?.total ?? 0;
  return (
    <ListToolbar divider={!isMobile}>
      <SearchBox
        value={list.text}
        onChange={(text) => (text ? list.setText(text) : list.clearSearch())}
        placeholder="Search clients..."
        label="Search clients"
        inputRef={searchRef}
        maxLength={SEARCH_MAX_LENGTH}
        sx={{ flex: '1 1 260px', maxWidth: { md: 380 } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <SortControls
          sort={view.sort}
          order={view.order}
          onSortChange={list.setSort}
          onOrderChange={list.setOrder}
          searching={view.q !== ''}
        />
        <Typography variant="muted" role="status" sx={{ whiteSpace: 'nowrap' }}>
          {list.error
            ? ''
            : view.q
              ? `${countText(total, 'client', 'clients')} found`
              : countText(total, 'client', 'clients')}
        </Typography>
        {!isPro && count !== undefined ? <PlanUsage count={count} /> : null}
      </Box>
    </ListToolbar>
  );
}

type ClientsPageProps = ClientActions & { list: ClientList; isMobile: boolean; selection: ClientSelection };

/** The page's rows, or why there are none. */
function ClientsPage({ list, isMobile, selection, onEdit, onDelete, renderRowActions }: ClientsPageProps) {
  const { view, page, pager } = list;
  if (list.error) {
    return (
      <PageError error={list.error} onRetry={list.retry} onFirstPage={pager.first}>
        We couldn't load this page of clients.
      </PageError>
    );
  }
  const clients = page?.clients ?? [];
  if (clients.length === 0 && list.isStale) return <LoadingRows label="Loading clients" />;
  if (clients.length === 0) {
    return view.q ? <NoMatches query={view.q} onClear={list.clearSearch} /> : <PastTheEnd onFirstPage={pager.first} />;
  }
  return (
    <Box aria-busy={list.isStale} sx={{ opacity: list.isStale ? 0.6 : 1, transition: 'opacity 120ms' }}>
      <ClientsList
        clients={clients}
        layout={isMobile ? 'cards' : 'table'}
        onEdit={onEdit}
        onDelete={onDelete}
        renderRowActions={renderRowActions}
        selection={selection}
      />
    </Box>
  );
}

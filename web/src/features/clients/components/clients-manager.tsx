// The clients page body: search, the list a page at a time from the API (GET /api/clients?limit=
// &q=&sort=&order=&cursor=, the view kept in the URL: see use-client-list.ts), and every dialog that
// acts on a client. The route passes in what other features add (inviting, review actions,
// testimonials).
import AddRounded from '@mui/icons-material/AddRounded';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import LastPageRounded from '@mui/icons-material/LastPageRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Client } from '@shared/api-types';
import type { ClientInput } from '@shared/client-schema';
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { LoadError } from '@/components/ui/load-error';
import { LoadingRows } from '@/components/ui/loading-rows';
import { PageLayout } from '@/components/ui/page-layout';
import { SearchBox } from '@/components/ui/search-box';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { CLIENT_FIELDS, toClientChanges } from '@/lib/client-changes';
import { countText } from '@/lib/count-text';
import { serverFieldErrors } from '@/lib/form-errors';
import { useFormDialog } from '@/lib/use-form-dialog';
import { UPGRADE_REQUIRED, useCreateClient } from '../api/create-client';
import { useDeleteClient } from '../api/delete-client';
import { useImportClients } from '../api/import-clients';
import { useUpdateClient } from '../api/update-client';
import { PAGE_SIZES, SEARCH_MAX_LENGTH } from '../utils/client-list-view';
import { ClientDetailDialog } from './client-detail-dialog';
import { ClientFormDialog, type ClientFormHelpers } from './client-form-dialog';
import { ClientsList } from './clients-list';
import { DeleteClientDialog } from './delete-client-dialog';
import { ExportClientsButton } from './export-clients-button';
import { ImportClientsDialog } from './import-clients-dialog';
import { ImportJobCard } from './import-job-progress';
import { ClientsPager, SortControls } from './list-controls';
import { PlanNotice, PlanUsage } from './plan-notice';
import { UpgradeDialog } from './upgrade-dialog';
import { useClientList } from './use-client-list';
import { useImportJobWatch } from './use-import-job';

/** The API's answer to a page link whose cursor no longer fits the list. */
const INVALID_CURSOR = 'INVALID_CURSOR';

type ClientsManagerProps = {
  isPro: boolean;
  /** More buttons for the page header (inviting a client). */
  headerActions?: ReactNode;
  /** Shown above the list (the open invitations). */
  aboveList?: ReactNode;
  renderReviewActions?: (client: Client) => ReactNode;
  renderTestimonials?: (client: Client) => ReactNode;
  /** More actions on each row of the list, before Edit (Send a message). */
  renderRowActions?: (client: Client) => ReactNode;
  /** More actions in the detail dialog, beside Edit (Send a message). */
  renderDetailActions?: (client: Client) => ReactNode;
  /** The detail dialog's Activity section (messages and logged calls). */
  renderActivity?: (client: Client) => ReactNode;
};

/** The success toast's second line after adding a client. */
export function remainingSlotsText(remainingFreeSlots: number | null): string | undefined {
  if (remainingFreeSlots === null) return undefined;
  if (remainingFreeSlots <= 0) return "You've reached your free plan limit";
  return `You can add ${remainingFreeSlots} more client(s) on the free plan`;
}

export function ClientsManager({
  isPro,
  headerActions,
  aboveList,
  renderReviewActions,
  renderTestimonials,
  renderRowActions,
  renderDetailActions,
  renderActivity,
}: ClientsManagerProps) {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { toast } = useToast();
  const list = useClientList();
  const { view, page, pager } = list;
  const clients = page?.clients;

  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const deleteClient = useDeleteClient();
  const importClients = useImportClients();
  // A big import (issue 17): followed here, so its progress stays on the page, also after a reload.
  const importJob = useImportJobWatch();

  const form = useFormDialog<Client>();
  // The client whose detail is open: as the page now lists it, or as it was opened (a change can
  // move it to another page of the current order).
  const [detail, setDetail] = useState<Client | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<Client | null>(null);
  // The Delete button that opened the confirmation leaves with its client: focus goes to the search
  // field (or the Add Client button when none are left) instead of falling back to <body>.
  const deletedRef = useRef(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const handleDeleteExited = () => {
    if (!deletedRef.current) return;
    deletedRef.current = false;
    // After the modal has unmounted and tried to restore focus to the (removed) Delete button.
    setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      (searchRef.current ?? addButtonRef.current)?.focus();
    }, 0);
  };
  const [importOpen, setImportOpen] = useState(false);
  // A page turned from the bottom of a long list starts at its top.
  const cardRef = useRef<HTMLDivElement>(null);
  const turnPage = (move: () => void) => {
    move();
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start' });
  };
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  // The whole book's size (the free plan's counter), from the API's total: never the list's length.
  const count = list.bookTotal;
  const atFreeLimit = !isPro && (count ?? 0) >= FREE_CLIENT_LIMIT;
  // No clients at all (not merely none on this page or for this search).
  const bookEmpty =
    page !== undefined && !list.isStale && !list.error && !view.q && !view.cursor && page.clients.length === 0;
  const detailClient = useMemo(
    () => (detail ? (clients?.find((c) => c.id === detail.id) ?? detail) : null),
    [clients, detail],
  );

  const { openAdd, openEdit: handleEdit } = form;
  const handleAdd = useCallback(() => {
    if (atFreeLimit) setUpgradeOpen(true);
    else openAdd();
  }, [atFreeLimit, openAdd]);
  const handleOpen = useCallback((client: Client) => setDetail(client), []);
  const handleAskDelete = useCallback((client: Client) => setDeleteTarget(client), []);

  // /clients?action=add or ?action=import (the dashboard's first-client buttons) opens that dialog.
  const action = searchParams.get('action');
  const countKnown = count !== undefined || Boolean(list.error);
  useEffect(() => {
    if (!action || !countKnown) return;
    if (action === 'add') handleAdd();
    if (action === 'import') setImportOpen(true);
    setSearchParams(
      (params) => {
        params.delete('action');
        return params;
      },
      { replace: true },
    );
  }, [action, countKnown, handleAdd, setSearchParams]);

  const handleSubmit = async (input: ClientInput, { setErrors }: ClientFormHelpers) => {
    if (form.editing) {
      try {
        const updated = await updateClient.trigger({ id: form.editing.id, changes: toClientChanges(input) });
        setDetail((open) => (open?.id === updated.id ? updated : open));
        form.close();
        toast({ title: 'Client updated successfully', variant: 'success' });
      } catch (failure) {
        setErrors(serverFieldErrors(failure, CLIENT_FIELDS));
        toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
      }
      return;
    }
    try {
      const created = await createClient.trigger(input);
      form.close();
      const description = remainingSlotsText(created.remainingFreeSlots);
      toast({ title: 'Client added successfully', ...(description ? { description } : {}), variant: 'success' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === UPGRADE_REQUIRED) {
        form.close();
        setUpgradeOpen(true);
        return;
      }
      setErrors(serverFieldErrors(failure, CLIENT_FIELDS));
      const serverMessage = failure instanceof ApiError ? failure.body?.message : undefined;
      toast({ title: 'Error', description: serverMessage || 'Failed to create client', variant: 'destructive' });
    }
  };

  const handleDelete = async (client: Client) => {
    try {
      await deleteClient.trigger(client.id);
      deletedRef.current = true;
      setDeleteTarget(null);
      if (detail?.id === client.id) setDetail(null);
      toast({ title: 'Client deleted successfully', variant: 'success' });
    } catch (failure) {
      setDeleteTarget(null);
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  const handleUpgrade = () => {
    setUpgradeOpen(false);
    navigate(paths.settings.getHref());
  };

  return (
    <PageLayout
      title="Clients"
      description="Everyone you've helped home, in one place."
      actions={
        <>
          {headerActions}
          <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={() => setImportOpen(true)}>
            Import CSV
          </Button>
          <ExportClientsButton />
          <Button ref={addButtonRef} variant="contained" startIcon={<AddRounded />} onClick={handleAdd}>
            Add Client
          </Button>
        </>
      }
    >
      {count !== undefined && !isPro ? (
        <PlanNotice count={count} onUpgrade={() => navigate(paths.settings.getHref())} />
      ) : null}
      <ImportJobCard watch={importJob} onOpen={() => setImportOpen(true)} />
      {aboveList}
      <Card ref={cardRef} sx={{ scrollMarginTop: 88 }}>
        {list.error && !page ? (
          <PageError error={list.error} onRetry={list.retry} onFirstPage={pager.first}>
            We couldn't load your clients.
          </PageError>
        ) : list.isLoading || !page ? (
          <LoadingRows label="Loading clients">
            <Skeleton variant="rounded" height={40} sx={{ maxWidth: 380 }} />
          </LoadingRows>
        ) : bookEmpty ? (
          <NoClients onAdd={handleAdd} onImport={() => setImportOpen(true)} />
        ) : (
          <>
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
                <Typography variant="body2" role="status" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {list.error
                    ? ''
                    : view.q
                      ? `${countText(page.total, 'client', 'clients')} found`
                      : countText(page.total, 'client', 'clients')}
                </Typography>
                {!isPro && count !== undefined ? <PlanUsage count={count} /> : null}
              </Box>
            </ListToolbar>
            {list.error ? (
              <PageError error={list.error} onRetry={list.retry} onFirstPage={pager.first}>
                We couldn't load this page of clients.
              </PageError>
            ) : page.clients.length === 0 && list.isStale ? (
              <LoadingRows label="Loading clients" />
            ) : page.clients.length === 0 ? (
              view.q ? (
                <NoMatches query={view.q} onClear={list.clearSearch} />
              ) : (
                <PastTheEnd onFirstPage={pager.first} />
              )
            ) : (
              <Box aria-busy={list.isStale} sx={{ opacity: list.isStale ? 0.6 : 1, transition: 'opacity 120ms' }}>
                <ClientsList
                  clients={page.clients}
                  layout={isMobile ? 'cards' : 'table'}
                  onOpen={handleOpen}
                  onEdit={handleEdit}
                  onDelete={handleAskDelete}
                  renderRowActions={renderRowActions}
                />
              </Box>
            )}
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

      <ClientFormDialog open={form.open} client={form.editing} onClose={form.close} onSubmit={handleSubmit} />
      <ClientDetailDialog
        client={detailClient}
        onClose={() => setDetail(null)}
        onEdit={handleEdit}
        renderReviewActions={renderReviewActions}
        renderTestimonials={renderTestimonials}
        renderActions={renderDetailActions}
        renderActivity={renderActivity}
      />
      <DeleteClientDialog
        client={deleteTarget}
        isDeleting={deleteClient.isMutating}
        onCancel={() => setDeleteTarget(null)}
        onConfirm={handleDelete}
        onExited={handleDeleteExited}
      />
      <ImportClientsDialog
        open={importOpen}
        isImporting={importClients.isMutating}
        onClose={() => setImportOpen(false)}
        onImport={(file) => importClients.trigger(file)}
        importJob={importJob}
      />
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} onUpgrade={handleUpgrade} />
    </PageLayout>
  );
}

function NoClients({ onAdd, onImport }: { onAdd: () => void; onImport: () => void }) {
  return (
    <EmptyPanel
      icon={<GroupAddOutlined fontSize="large" />}
      title="No clients yet"
      actions={
        <>
          <Button variant="contained" startIcon={<AddRounded />} onClick={onAdd}>
            Add your first client
          </Button>
          <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={onImport}>
            Import from CSV
          </Button>
        </>
      }
    >
      Add the people you've helped buy or sell a home, or bring in your address book from a CSV file. Birthdays and home
      anniversaries will turn into reminders on your dashboard.
    </EmptyPanel>
  );
}

function NoMatches({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <EmptyPanel
      icon={<SearchOffRounded fontSize="large" />}
      title={`No clients match “${query}”`}
      actions={
        <Button variant="outlined" onClick={onClear}>
          Show all clients
        </Button>
      }
    >
      Try part of a name or an email address.
    </EmptyPanel>
  );
}

function PastTheEnd({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <EmptyPanel
      icon={<LastPageRounded fontSize="large" />}
      title="No more clients"
      actions={
        <Button variant="outlined" onClick={onFirstPage}>
          Back to the first page
        </Button>
      }
    >
      This is past the last page of your clients.
    </EmptyPanel>
  );
}

/** A page that could not be read: a link to a page that no longer fits the list, or any other failure. */
function PageError({
  error,
  onRetry,
  onFirstPage,
  children,
}: {
  error: Error;
  onRetry: () => void;
  onFirstPage: () => void;
  children: ReactNode;
}) {
  if (error instanceof ApiError && error.code === INVALID_CURSOR) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onFirstPage}>
              Go to the first page
            </Button>
          }
        >
          This page of clients is no longer available.
        </Alert>
      </Box>
    );
  }
  return (
    <LoadError onRetry={onRetry} inset>
      {children} {errorMessage(error)}
    </LoadError>
  );
}

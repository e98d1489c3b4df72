// The clients page body: search, the paginated list, and every dialog that acts on a client. The
// route passes in what other features add (inviting, review actions, testimonials).
import AddRounded from '@mui/icons-material/AddRounded';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Client } from '../../../../../shared/api-types';
import type { ClientInput } from '../../../../../shared/client-schema';
import { FREE_CLIENT_LIMIT } from '../../../../../shared/constants';
import { EmptyPanel } from '../../../components/ui/empty-panel';
import { ListPagination } from '../../../components/ui/list-pagination';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingRows } from '../../../components/ui/loading-rows';
import { PageLayout } from '../../../components/ui/page-layout';
import { SearchBox } from '../../../components/ui/search-box';
import { useToast } from '../../../components/ui/toast/use-toast';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { CLIENT_FIELDS, toClientChanges } from '../../../lib/client-changes';
import { countText, matchCountText } from '../../../lib/count-text';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useFormDialog } from '../../../lib/use-form-dialog';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { UPGRADE_REQUIRED, useCreateClient } from '../api/create-client';
import { useDeleteClient } from '../api/delete-client';
import { useClients } from '../../../lib/clients';
import { useImportClients } from '../api/import-clients';
import { useUpdateClient } from '../api/update-client';
import { CLIENT_SORTS, filterClients, sortClients, type ClientSort } from '../utils/search-clients';
import { ClientDetailDialog } from './client-detail-dialog';
import { ClientFormDialog, type ClientFormHelpers } from './client-form-dialog';
import { ClientsList } from './clients-list';
import { DeleteClientDialog } from './delete-client-dialog';
import { ExportClientsButton } from './export-clients-button';
import { ImportClientsDialog } from './import-clients-dialog';
import { PlanNotice, PlanUsage } from './plan-notice';
import { UpgradeDialog } from './upgrade-dialog';

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

export function ClientsManager({ isPro, headerActions, aboveList, renderReviewActions, renderTestimonials, renderRowActions, renderDetailActions, renderActivity }: ClientsManagerProps) {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { toast } = useToast();
  const { clients, isLoading, error, mutate } = useClients();

  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const deleteClient = useDeleteClient();
  const importClients = useImportClients();

  const [sort, setSort] = useState<ClientSort>('name');
  const sorted = useMemo(() => (clients ? sortClients(clients, sort) : undefined), [clients, sort]);
  const { query, setQuery, searchTerm, isStale, filtered, pageItems: pageClients, pagination, resetPage } = usePagedSearch(sorted, filterClients);
  const form = useFormDialog<Client>();
  const [detailId, setDetailId] = useState<string | null>(null);
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
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  const all = useMemo(() => clients ?? [], [clients]);
  const count = all.length;
  const atFreeLimit = !isPro && count >= FREE_CLIENT_LIMIT;
  const detailClient = useMemo(() => (detailId ? (all.find((c) => c.id === detailId) ?? null) : null), [all, detailId]);

  const { openAdd, openEdit: handleEdit } = form;
  const handleAdd = useCallback(() => {
    if (atFreeLimit) setUpgradeOpen(true);
    else openAdd();
  }, [atFreeLimit, openAdd]);
  const handleOpen = useCallback((client: Client) => setDetailId(client.id), []);
  const handleAskDelete = useCallback((client: Client) => setDeleteTarget(client), []);

  // /clients?action=add or ?action=import (the dashboard's first-client buttons) opens that dialog.
  const action = searchParams.get('action');
  useEffect(() => {
    if (!action || !clients) return;
    if (action === 'add') handleAdd();
    if (action === 'import') setImportOpen(true);
    setSearchParams(
      (params) => {
        params.delete('action');
        return params;
      },
      { replace: true },
    );
  }, [action, clients, handleAdd, setSearchParams]);

  const handleSubmit = async (input: ClientInput, { setErrors }: ClientFormHelpers) => {
    if (form.editing) {
      try {
        await updateClient.trigger({ id: form.editing.id, changes: toClientChanges(input) });
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
      if (detailId === client.id) setDetailId(null);
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
      {clients && !isPro ? <PlanNotice count={count} onUpgrade={() => navigate(paths.settings.getHref())} /> : null}
      {aboveList}
      <Card>
        {error && !clients ? (
          <LoadError onRetry={() => void mutate()} inset>
            We couldn't load your clients. {errorMessage(error)}
          </LoadError>
        ) : isLoading || !clients ? (
          <LoadingRows label="Loading clients">
            <Skeleton variant="rounded" height={40} sx={{ maxWidth: 380 }} />
          </LoadingRows>
        ) : count === 0 ? (
          <NoClients onAdd={handleAdd} onImport={() => setImportOpen(true)} />
        ) : (
          <>
            <ListToolbar divider={!isMobile}>
              <SearchBox
                value={query}
                onChange={setQuery}
                placeholder="Search clients..."
                label="Search clients"
                inputRef={searchRef}
                sx={{ flex: '1 1 260px', maxWidth: { md: 380 } }}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
<SortSelect
                  value={sort}
                  onChange={(next) => {
                    setSort(next);
                    resetPage();
                  }}
                />
                <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary' }}>
                  {searchTerm ? matchCountText(filtered.length, count, 'clients') : countText(count, 'client', 'clients')}
                </Typography>
                {!isPro ? <PlanUsage count={count} /> : null}
              </Box>
            </ListToolbar>
            {filtered.length === 0 ? (
              <NoMatches query={searchTerm} onClear={() => setQuery('')} />
            ) : (
              <Box sx={{ opacity: isStale ? 0.7 : 1, transition: 'opacity 120ms' }}>
                <ClientsList
                  clients={pageClients}
                  layout={isMobile ? 'cards' : 'table'}
                  onOpen={handleOpen}
                  onEdit={handleEdit}
                  onDelete={handleAskDelete}
                  renderRowActions={renderRowActions}
                />
              </Box>
            )}
            <ListPagination pagination={pagination} showPageSizes={!isMobile} />
          </>
        )}
      </Card>

      <ClientFormDialog open={form.open} client={form.editing} onClose={form.close} onSubmit={handleSubmit} />
      <ClientDetailDialog
        client={detailClient}
        onClose={() => setDetailId(null)}
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
      <ImportClientsDialog open={importOpen} isImporting={importClients.isMutating} onClose={() => setImportOpen(false)} onImport={(file) => importClients.trigger(file)} />
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

/**
 * The list's order: a native select with a visible label, styled like the small outlined fields.
 * (A MUI TextField here doubled the cost of every query in the page's jsdom tests.)
 */
function SortSelect({ value, onChange }: { value: ClientSort; onChange: (sort: ClientSort) => void }) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="label" htmlFor={id} sx={{ typography: 'body2', color: 'text.secondary', whiteSpace: 'nowrap' }}>
        Sort by
      </Box>
      <Box
        component="select"
        id={id}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value as ClientSort)}
        sx={{
          font: 'inherit',
          fontSize: '0.875rem',
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1,
          py: 0.75,
          minHeight: 36,
          cursor: 'pointer',
          '&:hover': { borderColor: 'text.secondary' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        {Object.entries(CLIENT_SORTS).map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </Box>
    </Box>
  );
}

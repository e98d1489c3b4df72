// The clients page body: search, the paginated list, and every dialog that acts on a client. The
// route passes in what other features add (inviting, review actions, testimonials).
import AddRounded from '@mui/icons-material/AddRounded';
import ClearRounded from '@mui/icons-material/ClearRounded';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Client, ImportResult } from '../../../../../shared/api-types';
import type { ClientInput } from '../../../../../shared/client-schema';
import { FREE_CLIENT_LIMIT } from '../../../../../shared/constants';
import { PageLayout } from '../../../components/ui/page-layout';
import { useToast } from '../../../components/ui/toast/use-toast';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useCheckClientReview } from '../api/check-client-review';
import { UPGRADE_REQUIRED, useCreateClient } from '../api/create-client';
import { useDeleteClient } from '../api/delete-client';
import { useClients } from '../api/get-clients';
import { useImportClients } from '../api/import-clients';
import { useUpdateClient } from '../api/update-client';
import { filterClients } from '../utils/search-clients';
import { ClientDetailDialog } from './client-detail-dialog';
import { CLIENT_FIELDS, ClientFormDialog, type ClientFormHelpers } from './client-form-dialog';
import { ClientsList } from './clients-list';
import { DeleteClientDialog } from './delete-client-dialog';
import { ImportClientsDialog } from './import-clients-dialog';
import { PlanNotice, PlanUsage } from './plan-notice';
import { UpgradeDialog } from './upgrade-dialog';

export const ROWS_PER_PAGE_OPTIONS = [25, 50, 100] as const;

type ClientsManagerProps = {
  isPro: boolean;
  /** More buttons for the page header (inviting a client). */
  headerActions?: ReactNode;
  renderReviewActions?: (client: Client) => ReactNode;
  renderTestimonials?: (client: Client) => ReactNode;
};

/** The success toast's second line after adding a client (SPEC §8). */
export function remainingSlotsText(remainingFreeSlots: number | null): string | undefined {
  if (remainingFreeSlots === null) return undefined;
  if (remainingFreeSlots <= 0) return "You've reached your free plan limit";
  return `You can add ${remainingFreeSlots} more client(s) on the free plan`;
}

/** Which optional fields a PATCH clears: every field is sent, blanks as null. */
function toChanges(input: ClientInput) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address ?? null,
    birthday: input.birthday ?? null,
    anniversary: input.anniversary ?? null,
    purchaseDate: input.purchaseDate ?? null,
  };
}

export function ClientsManager({ isPro, headerActions, renderReviewActions, renderTestimonials }: ClientsManagerProps) {
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
  const checkReview = useCheckClientReview();

  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(ROWS_PER_PAGE_OPTIONS[0]);

  const [formOpen, setFormOpen] = useState(false);
  const [formClient, setFormClient] = useState<Client | null>(null);
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

  const all = clients ?? [];
  const count = all.length;
  const atFreeLimit = !isPro && count >= FREE_CLIENT_LIMIT;
  const filtered = useMemo(() => filterClients(all, deferredQuery), [all, deferredQuery]);
  const lastPage = Math.max(0, Math.ceil(filtered.length / rowsPerPage) - 1);
  const currentPage = Math.min(page, lastPage);
  const pageClients = useMemo(() => filtered.slice(currentPage * rowsPerPage, (currentPage + 1) * rowsPerPage), [filtered, currentPage, rowsPerPage]);
  const detailClient = useMemo(() => (detailId ? (all.find((c) => c.id === detailId) ?? null) : null), [all, detailId]);

  const handleAdd = useCallback(() => {
    if (atFreeLimit) {
      setUpgradeOpen(true);
      return;
    }
    setFormClient(null);
    setFormOpen(true);
  }, [atFreeLimit]);

  const handleEdit = useCallback((client: Client) => {
    setFormClient(client);
    setFormOpen(true);
  }, []);
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
    if (formClient) {
      try {
        await updateClient.trigger({ id: formClient.id, changes: toChanges(input) });
        setFormOpen(false);
        toast({ title: 'Client updated successfully', variant: 'success' });
      } catch (failure) {
        setErrors(serverFieldErrors(failure, CLIENT_FIELDS));
        toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
      }
      return;
    }
    try {
      const created = await createClient.trigger(input);
      setFormOpen(false);
      const description = remainingSlotsText(created.remainingFreeSlots);
      toast({ title: 'Client added successfully', ...(description ? { description } : {}), variant: 'success' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === UPGRADE_REQUIRED) {
        setFormOpen(false);
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

  const handleImport = async (file: File): Promise<ImportResult | { error: string }> => {
    try {
      const result = await importClients.trigger(file);
      toast({ title: `Successfully imported ${result.imported} clients`, variant: 'success' });
      return result;
    } catch (failure) {
      const message = errorMessage(failure);
      toast({ title: 'Error', description: message, variant: 'destructive' });
      return { error: message };
    }
  };

  const handleCheckReview = async (client: Client) => {
    try {
      const check = await checkReview.trigger(client.id);
      toast({ title: check.hasReview ? 'Review found' : 'No review yet', description: check.message, variant: check.hasReview ? 'success' : 'default' });
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  const handleUpgrade = () => {
    setUpgradeOpen(false);
    navigate(paths.settings.getHref());
  };

  const handleQueryChange = (value: string) => {
    setQuery(value);
    setPage(0);
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
          <Button ref={addButtonRef} variant="contained" startIcon={<AddRounded />} onClick={handleAdd}>
            Add Client
          </Button>
        </>
      }
    >
      {clients && !isPro ? <PlanNotice count={count} onUpgrade={() => navigate(paths.settings.getHref())} /> : null}
      <Card>
        {error && !clients ? (
          <Box sx={{ p: 3 }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void mutate()}>
                  Try again
                </Button>
              }
            >
              We couldn't load your clients. {errorMessage(error)}
            </Alert>
          </Box>
        ) : isLoading || !clients ? (
          <LoadingRows />
        ) : count === 0 ? (
          <NoClients onAdd={handleAdd} onImport={() => setImportOpen(true)} />
        ) : (
          <>
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 2,
                px: { xs: 2, md: 2.5 },
                py: 2,
                borderBottom: isMobile ? 0 : 1,
                borderColor: 'divider',
              }}
            >
              <OutlinedInput
                value={query}
                onChange={(event) => handleQueryChange(event.target.value)}
                placeholder="Search clients..."
                type="search"
                size="small"
                inputRef={searchRef}
                inputProps={{ 'aria-label': 'Search clients' }}
                startAdornment={
                  <InputAdornment position="start">
                    <SearchRounded sx={{ color: 'text.secondary' }} />
                  </InputAdornment>
                }
                endAdornment={
                  query ? (
                    <InputAdornment position="end">
                      <IconButton aria-label="Clear search" size="small" edge="end" onClick={() => handleQueryChange('')}>
                        <ClearRounded fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ) : null
                }
                sx={{ flex: '1 1 260px', maxWidth: { md: 380 }, '& input::-webkit-search-cancel-button': { display: 'none' } }}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary' }}>
                  {deferredQuery.trim()
                    ? `${filtered.length.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} clients`
                    : `${count.toLocaleString('en-US')} ${count === 1 ? 'client' : 'clients'}`}
                </Typography>
                {!isPro ? <PlanUsage count={count} /> : null}
              </Box>
            </Box>
            {filtered.length === 0 ? (
              <NoMatches query={deferredQuery.trim()} onClear={() => handleQueryChange('')} />
            ) : (
              <Box sx={{ opacity: query !== deferredQuery ? 0.7 : 1, transition: 'opacity 120ms' }}>
                <ClientsList
                  clients={pageClients}
                  layout={isMobile ? 'cards' : 'table'}
                  onOpen={handleOpen}
                  onEdit={handleEdit}
                  onDelete={handleAskDelete}
                />
              </Box>
            )}
            {filtered.length > ROWS_PER_PAGE_OPTIONS[0] ? (
              <TablePagination
                component="div"
                count={filtered.length}
                page={currentPage}
                onPageChange={(_event, next) => setPage(next)}
                rowsPerPage={rowsPerPage}
                rowsPerPageOptions={isMobile ? [] : [...ROWS_PER_PAGE_OPTIONS]}
                onRowsPerPageChange={(event) => {
                  setRowsPerPage(Number(event.target.value));
                  setPage(0);
                }}
                sx={{ borderTop: 1, borderColor: 'divider' }}
              />
            ) : null}
          </>
        )}
      </Card>

      <ClientFormDialog open={formOpen} client={formClient} onClose={() => setFormOpen(false)} onSubmit={handleSubmit} />
      <ClientDetailDialog
        client={detailClient}
        onClose={() => setDetailId(null)}
        onEdit={handleEdit}
        onCheckReview={handleCheckReview}
        isCheckingReview={checkReview.isMutating}
        renderReviewActions={renderReviewActions}
        renderTestimonials={renderTestimonials}
      />
      <DeleteClientDialog
        client={deleteTarget}
        isDeleting={deleteClient.isMutating}
        onCancel={() => setDeleteTarget(null)}
        onConfirm={handleDelete}
        onExited={handleDeleteExited}
      />
      <ImportClientsDialog open={importOpen} isImporting={importClients.isMutating} onClose={() => setImportOpen(false)} onImport={handleImport} />
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} onUpgrade={handleUpgrade} />
    </PageLayout>
  );
}

function LoadingRows() {
  return (
    <Box aria-busy="true" aria-label="Loading clients" sx={{ p: 2.5, display: 'grid', gap: 2 }}>
      <Skeleton variant="rounded" height={40} sx={{ maxWidth: 380 }} />
      {Array.from({ length: 6 }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 3 }}>
          <Box sx={{ flex: 2 }}>
            <Skeleton width="45%" />
            <Skeleton width="30%" />
          </Box>
          <Skeleton sx={{ flex: 1 }} />
          <Skeleton variant="rounded" width={96} height={24} />
        </Box>
      ))}
    </Box>
  );
}

function EmptyPanel({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Box sx={{ px: { xs: 3, sm: 5 }, py: { xs: 5, sm: 7 }, textAlign: 'center', maxWidth: 540, mx: 'auto' }}>
      <Box
        aria-hidden="true"
        sx={(theme) => ({
          mx: 'auto',
          mb: 2.5,
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: 'primary.main',
          bgcolor: alpha(theme.palette.primary.main, 0.1),
        })}
      >
        {icon}
      </Box>
      <Typography component="h2" variant="h3">
        {title}
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>{children}</Typography>
      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>{actions}</Box>
    </Box>
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

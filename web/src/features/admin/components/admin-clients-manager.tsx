// Manage Client Data: every agent's clients (or one agent's), searchable and paged, with adding,
// editing and importing on an agent's behalf and the CSV export of the filtered list. The route
// supplies the client form, the import dialog and the review status chip from the clients feature.
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { AdminClient, ImportResult } from '../../../../../shared/api-types';
import type { ClientInput } from '../../../../../shared/client-schema';
import { PageLayout } from '../../../components/ui/page-layout';
import { useToast } from '../../../components/ui/toast/use-toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useExportClientsCsv } from '../api/export-clients-csv';
import { useAdminClients } from '../api/get-admin-clients';
import { useAgents } from '../api/get-agents';
import { useImportAgentClients } from '../api/import-agent-clients';
import { useCreateAgentClient, useUpdateAgentClient } from '../api/save-agent-client';
import { filterAdminClients } from '../utils/search-admin';
import { AdminClientsTable } from './admin-clients-table';
import { AgentFilter, ALL_AGENTS } from './agent-filter';
import { SearchBox } from './search-box';

const CLIENT_FIELDS = ['name', 'email', 'phone', 'address', 'birthday', 'anniversary', 'purchaseDate'] as const;
type ClientField = (typeof CLIENT_FIELDS)[number];
export const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];
export const NO_CLIENTS_TO_EXPORT = { title: 'No clients to export', description: 'There are no clients matching your current filters.' } as const;

export type ClientFormSlotProps = {
  open: boolean;
  client: AdminClient | null;
  onClose: () => void;
  onSubmit: (input: ClientInput, helpers: { setErrors: (errors: Partial<Record<ClientField, string>>) => void }) => Promise<void>;
};

export type ImportDialogSlotProps = {
  open: boolean;
  isImporting: boolean;
  onClose: () => void;
  onImport: (file: File) => Promise<ImportResult | { error: string }>;
};

type AdminClientsManagerProps = {
  renderReviewStatus: (client: AdminClient) => ReactNode;
  renderClientForm: (props: ClientFormSlotProps) => ReactNode;
  renderImportDialog: (props: ImportDialogSlotProps) => ReactNode;
  /** The second line of the 'Client added successfully' toast (SPEC §8). */
  describeCreated: (remainingFreeSlots: number | null) => string | undefined;
};

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

export function AdminClientsManager({ renderReviewStatus, renderClientForm, renderImportDialog, describeCreated }: AdminClientsManagerProps) {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { toast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const agentParam = searchParams.get('agent');
  const agentId = agentParam && agentParam !== ALL_AGENTS ? agentParam : null;

  const { agents } = useAgents();
  const { clients, error, isLoading, mutate } = useAdminClients(agentId);
  const createClient = useCreateAgentClient();
  const updateClient = useUpdateAgentClient();
  const importClients = useImportAgentClients();
  const exportCsv = useExportClientsCsv();

  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0]!);
  const [formOpen, setFormOpen] = useState(false);
  const [formClient, setFormClient] = useState<AdminClient | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const agent = agentId ? agents?.find((a) => a.id === agentId) : undefined;
  const all = clients ?? [];
  const filtered = useMemo(() => filterAdminClients(clients ?? [], deferredQuery), [clients, deferredQuery]);
  const lastPage = Math.max(0, Math.ceil(filtered.length / rowsPerPage) - 1);
  const currentPage = Math.min(page, lastPage);
  const pageClients = useMemo(() => filtered.slice(currentPage * rowsPerPage, (currentPage + 1) * rowsPerPage), [filtered, currentPage, rowsPerPage]);

  const handleAgentChange = (next: string) => {
    setSearchParams((params) => {
      if (next === ALL_AGENTS) params.delete('agent');
      else params.set('agent', next);
      return params;
    });
    setPage(0);
  };

  const handleEdit = useCallback((client: AdminClient) => {
    setFormClient(client);
    setFormOpen(true);
  }, []);

  const handleSubmit: ClientFormSlotProps['onSubmit'] = async (input, { setErrors }) => {
    if (formClient) {
      try {
        await updateClient.trigger({ agentId: formClient.agentId, id: formClient.id, changes: toChanges(input) });
        setFormOpen(false);
        toast({ title: 'Client updated successfully', variant: 'success' });
      } catch (failure) {
        setErrors(serverFieldErrors(failure, CLIENT_FIELDS));
        toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
      }
      return;
    }
    if (!agentId) return;
    try {
      const created = await createClient.trigger({ agentId, input });
      setFormOpen(false);
      const description = describeCreated(created.remainingFreeSlots);
      toast({ title: 'Client added successfully', ...(description ? { description } : {}), variant: 'success' });
    } catch (failure) {
      setErrors(serverFieldErrors(failure, CLIENT_FIELDS));
      toast({ title: 'Error', description: errorMessage(failure) || 'Failed to create client', variant: 'destructive' });
    }
  };

  const handleImport = async (file: File): Promise<ImportResult | { error: string }> => {
    if (!agentId) return { error: 'Choose an agent first.' };
    try {
      const result = await importClients.trigger({ agentId, file });
      toast({ title: `Successfully imported ${result.imported} clients`, variant: 'success' });
      return result;
    } catch (failure) {
      const message = errorMessage(failure);
      toast({ title: 'Error', description: message, variant: 'destructive' });
      return { error: message };
    }
  };

  const handleExport = async () => {
    if (filtered.length === 0) {
      toast({ ...NO_CLIENTS_TO_EXPORT, variant: 'destructive' });
      return;
    }
    try {
      const fileName = await exportCsv.trigger(filtered);
      toast({ title: 'Export successful', description: `${filtered.length.toLocaleString('en-US')} ${filtered.length === 1 ? 'client' : 'clients'} saved to ${fileName}.`, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Failed to export clients', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  const needsAgent = 'Choose an agent first';
  const scopeLabel = agentId ? (agent?.username ?? 'this agent') : 'all agents';

  return (
    <PageLayout
      title="Manage Client Data"
      description="Every agent's clients: find, add, edit, import and export."
      actions={
        <>
          <Button component={RouterLink} to={paths.admin.getHref()} startIcon={<ArrowBackRounded />}>
            Admin Dashboard
          </Button>
          <Button variant="outlined" startIcon={<DownloadRounded />} onClick={() => void handleExport()} disabled={!clients || exportCsv.isMutating}>
            {exportCsv.isMutating ? 'Exporting...' : 'Export CSV'}
          </Button>
          <DisabledHint hint={agentId ? null : needsAgent}>
            <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={() => setImportOpen(true)} disabled={!agentId}>
              Import CSV
            </Button>
          </DisabledHint>
          <DisabledHint hint={agentId ? null : needsAgent}>
            <Button
              variant="contained"
              startIcon={<AddRounded />}
              disabled={!agentId}
              onClick={() => {
                setFormClient(null);
                setFormOpen(true);
              }}
            >
              Add Client
            </Button>
          </DisabledHint>
        </>
      }
    >
      <Card>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, px: { xs: 2, md: 2.5 }, py: 2, borderBottom: isMobile ? 0 : 1, borderColor: 'divider' }}>
          <AgentFilter agents={agents} value={agentId ?? ALL_AGENTS} onChange={handleAgentChange} />
          <SearchBox
            value={query}
            onChange={(value) => {
              setQuery(value);
              setPage(0);
            }}
            placeholder="Search clients..."
            label="Search clients"
          />
          <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary', ml: { md: 'auto' } }}>
            {clients
              ? deferredQuery.trim()
                ? `${filtered.length.toLocaleString('en-US')} of ${all.length.toLocaleString('en-US')} clients`
                : `${all.length.toLocaleString('en-US')} ${all.length === 1 ? 'client' : 'clients'}`
              : ''}
          </Typography>
        </Box>
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
              We couldn't load the clients. {errorMessage(error)}
            </Alert>
          </Box>
        ) : isLoading || !clients ? (
          <LoadingRows />
        ) : filtered.length === 0 ? (
          <Typography sx={{ px: 3, py: 6, textAlign: 'center', color: 'text.secondary' }}>
            {deferredQuery.trim() ? `No clients of ${scopeLabel} match "${deferredQuery.trim()}".` : `No clients yet for ${scopeLabel}.`}
          </Typography>
        ) : (
          <Box sx={{ opacity: query !== deferredQuery ? 0.7 : 1, transition: 'opacity 120ms' }}>
            <AdminClientsTable clients={pageClients} layout={isMobile ? 'cards' : 'table'} onEdit={handleEdit} renderReviewStatus={renderReviewStatus} />
          </Box>
        )}
        {filtered.length > ROWS_PER_PAGE_OPTIONS[0]! ? (
          <TablePagination
            component="div"
            count={filtered.length}
            page={currentPage}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={rowsPerPage}
            rowsPerPageOptions={isMobile ? [] : ROWS_PER_PAGE_OPTIONS}
            onRowsPerPageChange={(event) => {
              setRowsPerPage(Number(event.target.value));
              setPage(0);
            }}
            sx={{ borderTop: 1, borderColor: 'divider' }}
          />
        ) : null}
      </Card>

      {renderClientForm({ open: formOpen, client: formClient, onClose: () => setFormOpen(false), onSubmit: handleSubmit })}
      {renderImportDialog({ open: importOpen, isImporting: importClients.isMutating, onClose: () => setImportOpen(false), onImport: handleImport })}
    </PageLayout>
  );
}

/** A disabled button gets no pointer events; the wrapper keeps its tooltip reachable. */
function DisabledHint({ hint, children }: { hint: string | null; children: ReactNode }) {
  if (!hint) return <>{children}</>;
  return (
    <Tooltip title={hint}>
      <Box component="span" sx={{ display: 'inline-flex' }}>
        {children}
      </Box>
    </Tooltip>
  );
}

function LoadingRows() {
  return (
    <Box aria-busy="true" aria-label="Loading clients" sx={{ p: 2.5, display: 'grid', gap: 2 }}>
      {Array.from({ length: 6 }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 3 }}>
          <Box sx={{ flex: 2 }}>
            <Skeleton width="45%" />
            <Skeleton width="30%" />
          </Box>
          <Skeleton sx={{ flex: 1 }} />
          <Skeleton sx={{ flex: 1 }} />
          <Skeleton variant="rounded" width={96} height={24} />
        </Box>
      ))}
    </Box>
  );
}

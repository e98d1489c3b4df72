// Manage Client Data: every agent's clients (or one agent's), searchable and paged, with adding,
// editing and importing on an agent's behalf and the CSV export of the filtered list. The route
// supplies the client form, the import dialog and the review status chip from the clients feature.
import AddRounded from '@mui/icons-material/AddRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminClient, ImportResult } from '@shared/api-types';
import type { ClientInput } from '@shared/client-schema';
import { ImportContactsButton } from '@/components/ui/import-contacts-button';
import { ListPagination } from '@/components/ui/list-pagination';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { LoadError } from '@/components/ui/load-error';
import { LoadingRows } from '@/components/ui/loading-rows';
import { PageLayout } from '@/components/ui/page-layout';
import { SearchBox } from '@/components/ui/search-box';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { countText, matchCountText } from '@/lib/count-text';
import { useFormDialog } from '@/lib/use-form-dialog';
import { usePagedSearch } from '@/lib/use-paged-search';
import { BusyButton } from '@/components/ui/busy-button';
import { BackButton } from '@/components/ui/link-button';
import { useExportClientsCsv } from '../api/export-clients-csv';
import { useAdminClients } from '../api/get-admin-clients';
import { useAgents } from '../api/get-agents';
import { useImportAgentClients } from '../api/import-agent-clients';
import { filterAdminClients } from '../utils/search-admin';
import { AdminClientsTable, type AdminClientsTableProps } from './admin-clients-table';
import { AgentFilter, ALL_AGENTS } from './agent-filter';
import { useSaveAgentClient, type ClientFormHelpers } from './use-save-agent-client';

export const NO_CLIENTS_TO_EXPORT = {
  title: 'No clients to export',
  description: 'There are no clients matching your current filters.',
} as const;

export type ClientFormSlotProps = {
  open: boolean;
  client: AdminClient | null;
  onClose: () => void;
  onSubmit: (input: ClientInput, helpers: ClientFormHelpers) => Promise<void>;
};

export type ImportDialogSlotProps = {
  open: boolean;
  isImporting: boolean;
  onClose: () => void;
  onImport: (file: File) => Promise<ImportResult>;
};

type AdminClientsManagerProps = {
  renderReviewStatus: (client: AdminClient) => ReactNode;
  renderClientForm: (props: ClientFormSlotProps) => ReactNode;
  renderImportDialog: (props: ImportDialogSlotProps) => ReactNode;
  /** The second line of the 'Client added successfully' toast. */
  describeCreated: (remainingFreeSlots: number | null) => string | undefined;
};

export function AdminClientsManager({
  renderReviewStatus,
  renderClientForm,
  renderImportDialog,
  describeCreated,
}: AdminClientsManagerProps) {
  const { toast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const agentParam = searchParams.get('agent');
  const agentId = agentParam && agentParam !== ALL_AGENTS ? agentParam : null;

  const { agents } = useAgents();
  const list = useAdminClients(agentId);
  const { clients } = list;
  const importClients = useImportAgentClients();
  const exportCsv = useExportClientsCsv();

  const search = usePagedSearch(clients, filterAdminClients);
  const { filtered, resetPage } = search;
  const form = useFormDialog<AdminClient>();
  const [importOpen, setImportOpen] = useState(false);
  const handleSubmit = useSaveAgentClient({ editing: form.editing, agentId, onSaved: form.close, describeCreated });

  const agent = agentId ? agents?.find((a) => a.id === agentId) : undefined;

  const handleAgentChange = (next: string) => {
    setSearchParams((params) => {
      if (next === ALL_AGENTS) params.delete('agent');
      else params.set('agent', next);
      return params;
    });
    resetPage();
  };

  // Import contacts is disabled until an agent is chosen, so the dialog always has one.
  const handleImport = (file: File) =>
    agentId ? importClients.trigger({ agentId, file }) : Promise.reject(new Error('Choose an agent first.'));

  const handleExport = async () => {
    if (filtered.length === 0) {
      toast({ ...NO_CLIENTS_TO_EXPORT, variant: 'destructive' });
      return;
    }
    try {
      const fileName = await exportCsv.trigger(filtered);
      toast({
        title: 'Export successful',
        description: `${countText(filtered.length, 'client', 'clients')} saved to ${fileName}.`,
        variant: 'success',
      });
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
          <BackButton to={paths.admin.getHref()}>Admin Dashboard</BackButton>
          <BusyButton
            variant="outlined"
            startIcon={<DownloadRounded />}
            onClick={() => void handleExport()}
            busy={exportCsv.isMutating}
            busyLabel="Exporting..."
            disabled={!clients}
          >
            Export CSV
          </BusyButton>
          <DisabledHint hint={agentId ? null : needsAgent}>
            <ImportContactsButton onClick={() => setImportOpen(true)} disabled={!agentId} />
          </DisabledHint>
          <DisabledHint hint={agentId ? null : needsAgent}>
            <Button variant="contained" startIcon={<AddRounded />} disabled={!agentId} onClick={form.openAdd}>
              Add Client
            </Button>
          </DisabledHint>
        </>
      }
    >
      <Card>
        <AgentClientsList
          list={list}
          search={search}
          scopeLabel={scopeLabel}
          rows={{ onEdit: form.openEdit, renderReviewStatus }}
        >
          <AgentFilter agents={agents} value={agentId ?? ALL_AGENTS} onChange={handleAgentChange} />
        </AgentClientsList>
      </Card>

      {renderClientForm({ open: form.open, client: form.editing, onClose: form.close, onSubmit: handleSubmit })}
      {renderImportDialog({
        open: importOpen,
        isImporting: importClients.isMutating,
        onClose: () => setImportOpen(false),
        onImport: handleImport,
      })}
    </PageLayout>
  );
}

type AgentClientsListProps = {
  list: ReturnType<typeof useAdminClients>;
  search: ReturnType<typeof usePagedSearch<AdminClient>>;
  /** Whose clients are listed: an agent's name, or all agents. */
  scopeLabel: string;
  /** What each row offers. */
  rows: Pick<AdminClientsTableProps, 'onEdit' | 'renderReviewStatus'>;
  /** The agent filter, first in the toolbar. */
  children: ReactNode;
};

/** The toolbar (agent, search, count), a page of clients or why there are none, and the pager. */
function AgentClientsList({ list, search, scopeLabel, rows, children }: AgentClientsListProps) {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { clients, error, isLoading, mutate } = list;
  const { query, setQuery, searchTerm, isStale, filtered, pageItems, pagination } = search;
  const total = clients?.length ?? 0;
  return (
    <>
      <ListToolbar divider={!isMobile}>
        {children}
        <SearchBox value={query} onChange={setQuery} placeholder="Search clients..." label="Search clients" />
        <Typography variant="muted" aria-live="polite" sx={{ ml: { md: 'auto' } }}>
          {clients
            ? searchTerm
              ? matchCountText(filtered.length, total, 'clients')
              : countText(total, 'client', 'clients')
            : ''}
        </Typography>
      </ListToolbar>
      {error && !clients ? (
        <LoadError onRetry={() => void mutate()} inset>
          We couldn't load the clients. {errorMessage(error)}
        </LoadError>
      ) : isLoading || !clients ? (
        <LoadingRows label="Loading clients" cells={2} />
      ) : filtered.length === 0 ? (
        <Typography variant="lead" sx={{ px: 3, py: 6, textAlign: 'center' }}>
          {searchTerm ? `No clients of ${scopeLabel} match "${searchTerm}".` : `No clients yet for ${scopeLabel}.`}
        </Typography>
      ) : (
        <Box sx={{ opacity: isStale ? 0.7 : 1, transition: 'opacity 120ms' }}>
          <AdminClientsTable clients={pageItems} layout={isMobile ? 'cards' : 'table'} {...rows} />
        </Box>
      )}
      <ListPagination pagination={pagination} showPageSizes={!isMobile} />
    </>
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

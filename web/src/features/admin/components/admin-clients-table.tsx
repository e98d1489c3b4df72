// The clients of Manage Client Data, one page: a table on wide screens, stacked rows on phones.
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import type { AdminClient } from '@shared/api-types';
import { PlainList } from '@/components/ui/plain-list';
import { RowActionButton } from '@/components/ui/row-action-button';

export type AdminClientsTableProps = {
  clients: readonly AdminClient[];
  layout: 'table' | 'cards';
  onEdit: (client: AdminClient) => void;
  renderReviewStatus: (client: AdminClient) => ReactNode;
};

export const NOT_PROVIDED = 'Not provided';
export const UNKNOWN_AGENT = 'Unknown';

export function AdminClientsTable({ clients, layout, onEdit, renderReviewStatus }: AdminClientsTableProps) {
  if (layout === 'cards') {
    return (
      <PlainList aria-label="Clients">
        {clients.map((client) => (
          <ClientCard key={client.id} client={client} onEdit={onEdit} renderReviewStatus={renderReviewStatus} />
        ))}
      </PlainList>
    );
  }
  return (
    <TableContainer>
      <Table aria-label="Clients" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Phone</TableCell>
            <TableCell>Agent</TableCell>
            <TableCell>Review Status</TableCell>
            <TableCell align="right" sx={{ width: 80 }}>
              Edit
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {clients.map((client) => (
            <ClientRow key={client.id} client={client} onEdit={onEdit} renderReviewStatus={renderReviewStatus} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type RowProps = {
  client: AdminClient;
  onEdit: (client: AdminClient) => void;
  renderReviewStatus: (client: AdminClient) => ReactNode;
};

const ClientRow = memo(function ClientRow({ client, onEdit, renderReviewStatus }: RowProps) {
  return (
    <TableRow hover>
      <TableCell sx={{ py: 1.5 }}>
        <NameAndEmail client={client} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: client.phone ? 'text.primary' : 'text.secondary' }}>
        {client.phone || NOT_PROVIDED}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere', color: client.agentUsername ? 'text.primary' : 'text.secondary' }}>
        {client.agentUsername ?? UNKNOWN_AGENT}
      </TableCell>
      <TableCell>{renderReviewStatus(client)}</TableCell>
      <TableCell align="right">
        <EditButton client={client} onEdit={onEdit} />
      </TableCell>
    </TableRow>
  );
});

const ClientCard = memo(function ClientCard({ client, onEdit, renderReviewStatus }: RowProps) {
  return (
    <Box component="li" sx={{ px: 2, py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <NameAndEmail client={client} />
        </Box>
        <Box sx={{ mt: -0.75, mr: -1 }}>
          <EditButton client={client} onEdit={onEdit} />
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 1.5,
          rowGap: 0.5,
          fontSize: '0.875rem',
        }}
      >
        <Typography component="dt" variant="muted">
          Phone
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {client.phone || NOT_PROVIDED}
        </Typography>
        <Typography component="dt" variant="muted">
          Agent
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {client.agentUsername ?? UNKNOWN_AGENT}
        </Typography>
      </Box>
      <Box sx={{ mt: 1.25 }}>{renderReviewStatus(client)}</Box>
    </Box>
  );
});

function NameAndEmail({ client }: { client: AdminClient }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: '0.95rem', fontWeight: 650, overflowWrap: 'anywhere' }}>{client.name}</Typography>
      <Typography variant="muted" sx={{ overflowWrap: 'anywhere' }}>
        {client.email}
      </Typography>
    </Box>
  );
}

function EditButton({ client, onEdit }: { client: AdminClient; onEdit: (client: AdminClient) => void }) {
  return (
    <RowActionButton aria-label={`Edit ${client.name}`} onClick={() => onEdit(client)}>
      <EditOutlined fontSize="small" />
    </RowActionButton>
  );
}

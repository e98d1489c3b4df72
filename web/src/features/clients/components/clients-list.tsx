// The clients of one page of results: a table on wide screens, stacked cards on phones.
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VideocamRounded from '@mui/icons-material/VideocamRounded';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Client } from '@shared/api-types';
import { missingProfileItems, PROFILE_ITEM_LABELS, profileCompletion } from '@shared/completion';
import { PlainList } from '@/components/ui/plain-list';
import { paths } from '@/config/paths';
import { RowActionButton } from '@/components/ui/row-action-button';
import { formatTimestamp } from '@/lib/dates';
import { PendingRegistration } from './pending-registration';
import { ReviewStatusChip } from './review-status-chip';

export type ClientActions = {
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
  /** What other features add to each row's actions, before Edit (Send a message). */
  renderRowActions?: (client: Client) => ReactNode;
};

/** Rows picked for a bulk action (client-selection.ts). */
type RowSelection = {
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  setPage: (ids: readonly string[], selected: boolean) => void;
};

type ClientsListProps = ClientActions & {
  clients: readonly Client[];
  layout: 'table' | 'cards';
  selection?: RowSelection;
};

function SelectBox({ client, selection }: { client: Client; selection?: RowSelection }) {
  if (!selection) return null;
  return (
    <Checkbox
      size="small"
      checked={selection.isSelected(client.id)}
      onChange={() => selection.toggle(client.id)}
      slotProps={{ input: { 'aria-label': `Select ${client.name}` } }}
      sx={{ p: 0.5 }}
    />
  );
}

export function ClientsList({ clients, layout, selection, ...actions }: ClientsListProps) {
  const ids = clients.map((client) => client.id);
  const pageSelected = ids.length > 0 && ids.every((id) => selection?.isSelected(id));
  if (layout === 'cards') {
    return (
      <PlainList aria-label="Clients">
        {clients.map((client) => (
          <ClientCard
            key={client.id}
            client={client}
            lead={<SelectBox client={client} selection={selection} />}
            {...actions}
          />
        ))}
      </PlainList>
    );
  }
  return (
    <TableContainer>
      <Table aria-label="Clients" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            {selection ? (
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={pageSelected}
                  onChange={() => selection.setPage(ids, !pageSelected)}
                  slotProps={{ input: { 'aria-label': 'Select every client on this page' } }}
                />
              </TableCell>
            ) : null}
            <TableCell>Name</TableCell>
            <TableCell sx={{ width: '26%' }}>Profile Completion</TableCell>
            <TableCell sx={{ width: '18%' }}>Review Status</TableCell>
            <TableCell align="right" sx={{ width: 180 }}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {clients.map((client) => (
            <ClientRow
              key={client.id}
              client={client}
              lead={selection ? <SelectBox client={client} selection={selection} /> : undefined}
              {...actions}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type RowProps = ClientActions & { client: Client; lead?: ReactNode };

const ClientRow = memo(function ClientRow({ client, lead, ...actions }: RowProps) {
  return (
    <TableRow hover>
      {lead ? <TableCell padding="checkbox">{lead}</TableCell> : null}
      <TableCell sx={{ py: 1.5 }}>
        <ClientName client={client} />
      </TableCell>
      <TableCell>
        <Completion client={client} />
      </TableCell>
      <TableCell>
        <ReviewStatusChip status={client.reviewStatus} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <RowActions client={client} {...actions} />
      </TableCell>
    </TableRow>
  );
});

const ClientCard = memo(function ClientCard({ client, lead, ...actions }: RowProps) {
  return (
    <Box component="li" sx={{ px: 2, py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        {lead}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ClientName client={client} />
        </Box>
        <Box sx={{ display: 'flex', mt: -0.75, mr: -1 }}>
          <RowActions client={client} {...actions} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1.5 }}>
        <ReviewStatusChip status={client.reviewStatus} />
        <Box sx={{ flex: 1 }}>
          <Completion client={client} />
        </Box>
      </Box>
    </Box>
  );
});

function ClientName({ client }: { client: Client }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Link
          component={RouterLink}
          to={paths.client.getHref(client.id)}
          underline="hover"
          sx={{
            fontSize: '0.95rem',
            fontWeight: 650,
            color: 'text.primary',
            textAlign: 'left',
            overflowWrap: 'anywhere',
          }}
        >
          {client.name}
        </Link>
        {client.hasTestimonial ? (
          <Tooltip title="Has a video testimonial">
            <VideocamRounded titleAccess="Has a video testimonial" sx={{ fontSize: 18, color: 'secondary.main' }} />
          </Tooltip>
        ) : null}
      </Box>
      <Typography variant="muted" sx={{ overflowWrap: 'anywhere' }}>
        {client.email}
      </Typography>
      <PendingRegistration client={client} />
      {client.lastContactDate ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Last contact <time dateTime={client.lastContactDate}>{formatTimestamp(client.lastContactDate)}</time>
        </Typography>
      ) : null}
    </Box>
  );
}

function Completion({ client }: { client: Client }) {
  const percent = profileCompletion(client);
  const missing = missingProfileItems(client).map((item) => PROFILE_ITEM_LABELS[item]);
  const color = percent === 100 ? 'success' : 'primary';
  return (
    <Tooltip title={missing.length ? `Missing: ${missing.join(', ')}` : 'Profile complete'} placement="top">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={color}
          aria-label={`Profile completion for ${client.name}`}
          sx={{ flex: 1, maxWidth: 160, height: 6, borderRadius: 3 }}
        />
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, minWidth: 38, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
        >
          {percent}%
        </Typography>
      </Box>
    </Tooltip>
  );
}

function RowActions({ client, onEdit, onDelete, renderRowActions }: ClientActions & { client: Client }) {
  return (
    <>
      {renderRowActions?.(client)}
      <RowActionButton aria-label={`Edit ${client.name}`} onClick={() => onEdit(client)}>
        <EditOutlined fontSize="small" />
      </RowActionButton>
      <RowActionButton
        aria-label={`Delete ${client.name}`}
        onClick={() => onDelete(client)}
        sx={{ '&:hover': { color: 'error.main' } }}
      >
        <DeleteOutlineRounded fontSize="small" />
      </RowActionButton>
    </>
  );
}

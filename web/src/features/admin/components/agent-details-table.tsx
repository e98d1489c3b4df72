// Agent Details: each agent's username, plan and client count, a page at a time (there may be
// thousands), most clients first.
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useId, useMemo, useState } from 'react';
import type { AdminAnalytics } from '@shared/api-types';
import { PanelCard } from '@/components/ui/panel-card';

type AgentDetailsTableProps = {
  agents: AdminAnalytics['agentDetails'] | undefined;
};

const ROWS_PER_PAGE = 10;

export function AgentDetailsTable({ agents }: AgentDetailsTableProps) {
  const headingId = useId();
  const [page, setPage] = useState(0);
  const sorted = useMemo(
    () =>
      agents
        ? [...agents].sort((a, b) => b.clientCount - a.clientCount || a.username.localeCompare(b.username))
        : undefined,
    [agents],
  );
  const rows = sorted?.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE);

  return (
    <PanelCard
      title="Agent Details"
      subtitle={
        sorted
          ? `${sorted.length.toLocaleString('en-US')} ${sorted.length === 1 ? 'agent' : 'agents'}, most clients first`
          : '\u00a0'
      }
      headingId={headingId}
    >
      <TableContainer sx={{ flex: 1 }}>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>Username</TableCell>
              <TableCell>Plan</TableCell>
              <TableCell align="right">Clients</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows
              ? rows.map((agent) => (
                  <TableRow key={agent.id} hover>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{agent.username}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={agent.isPro ? 'Pro' : 'Free'}
                        color={agent.isPro ? 'secondary' : 'default'}
                        variant={agent.isPro ? 'filled' : 'outlined'}
                      />
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                      {agent.clientCount.toLocaleString('en-US')}
                    </TableCell>
                  </TableRow>
                ))
              : Array.from({ length: 4 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={3}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      {sorted && sorted.length > ROWS_PER_PAGE ? (
        <TablePagination
          component="div"
          count={sorted.length}
          page={Math.min(page, Math.max(0, Math.ceil(sorted.length / ROWS_PER_PAGE) - 1))}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={ROWS_PER_PAGE}
          rowsPerPageOptions={[]}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      ) : null}
    </PanelCard>
  );
}

// /agents-list: every agent with phone, signup, last login and client count, searchable and paged.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminAgent } from '../../../../../shared/api-types';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/dates';
import { useAgents } from '../api/get-agents';
import { filterAgents } from '../utils/search-admin';
import { SearchBox } from './search-box';

const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];

export function AgentsList() {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { agents, error, mutate } = useAgents();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0]!);
  const filtered = useMemo(() => filterAgents(agents ?? [], deferred), [agents, deferred]);
  const lastPage = Math.max(0, Math.ceil(filtered.length / rowsPerPage) - 1);
  const current = Math.min(page, lastPage);
  const rows = filtered.slice(current * rowsPerPage, (current + 1) * rowsPerPage);

  return (
    <PageLayout
      title="Agent List"
      description={agents ? `${agents.length.toLocaleString('en-US')} ${agents.length === 1 ? 'agent' : 'agents'} on the platform.` : 'Everyone on the platform.'}
      actions={
        <Button component={RouterLink} to={paths.admin.getHref()} variant="outlined" startIcon={<ArrowBackRounded />}>
          Back to Admin Dashboard
        </Button>
      }
    >
      {error && !agents ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void mutate()}>
              Try again
            </Button>
          }
        >
          We couldn't load the agents. {errorMessage(error)}
        </Alert>
      ) : (
        <Card>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, px: { xs: 2, md: 2.5 }, py: 2, borderBottom: 1, borderColor: 'divider' }}>
            <SearchBox
              value={query}
              onChange={(value) => {
                setQuery(value);
                setPage(0);
              }}
              placeholder="Search agents..."
              label="Search agents"
            />
            <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary' }}>
              {agents && deferred.trim() ? `${filtered.length.toLocaleString('en-US')} of ${agents.length.toLocaleString('en-US')} agents` : ''}
            </Typography>
          </Box>
          {!agents ? (
            <LoadingRows />
          ) : filtered.length === 0 ? (
            <Typography sx={{ px: 3, py: 5, textAlign: 'center', color: 'text.secondary' }}>
              {deferred.trim() ? `No agents match "${deferred.trim()}".` : 'No agents yet.'}
            </Typography>
          ) : isMobile ? (
            <Box component="ul" aria-label="Agents" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {rows.map((agent) => (
                <AgentCard key={agent.id} agent={agent} />
              ))}
            </Box>
          ) : (
            <TableContainer>
              <Table aria-label="Agents" sx={{ minWidth: 720 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Agent</TableCell>
                    <TableCell>Phone</TableCell>
                    <TableCell>Signup Date</TableCell>
                    <TableCell>Last Login</TableCell>
                    <TableCell align="right">Total Clients</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((agent) => (
                    <AgentRow key={agent.id} agent={agent} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {filtered.length > ROWS_PER_PAGE_OPTIONS[0]! ? (
            <TablePagination
              component="div"
              count={filtered.length}
              page={current}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={rowsPerPage}
              rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
              onRowsPerPageChange={(event) => {
                setRowsPerPage(Number(event.target.value));
                setPage(0);
              }}
              sx={{ borderTop: 1, borderColor: 'divider' }}
            />
          ) : null}
        </Card>
      )}
    </PageLayout>
  );
}

const phoneOf = (agent: AdminAgent) => agent.phone ?? 'Not provided';
const lastLoginOf = (agent: AdminAgent) => (agent.lastLoginDate ? formatTimestamp(agent.lastLoginDate) : 'Never');

function AgentName({ agent }: { agent: AdminAgent }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 650, fontSize: '0.95rem', overflowWrap: 'anywhere' }}>{agent.username}</Typography>
        {agent.isPro ? <Chip size="small" label="Pro" color="secondary" /> : null}
        {agent.isAdmin ? <Chip size="small" label="Admin" variant="outlined" /> : null}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {agent.fullName}
      </Typography>
    </>
  );
}

function AgentRow({ agent }: { agent: AdminAgent }) {
  return (
    <TableRow hover>
      <TableCell sx={{ py: 1.5 }}>
        <AgentName agent={agent} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: agent.phone ? 'text.primary' : 'text.secondary' }}>{phoneOf(agent)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(agent.signupDate)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: agent.lastLoginDate ? 'text.primary' : 'text.secondary' }}>{lastLoginOf(agent)}</TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
        {agent.clientCount.toLocaleString('en-US')}
      </TableCell>
    </TableRow>
  );
}

function AgentCard({ agent }: { agent: AdminAgent }) {
  const facts = [
    ['Phone', phoneOf(agent)],
    ['Signup Date', formatTimestamp(agent.signupDate)],
    ['Last Login', lastLoginOf(agent)],
    ['Total Clients', agent.clientCount.toLocaleString('en-US')],
  ] as const;
  return (
    <Box component="li" sx={{ px: 2, py: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <AgentName agent={agent} />
      <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function LoadingRows() {
  return (
    <Box aria-busy="true" aria-label="Loading agents" sx={{ p: 2.5, display: 'grid', gap: 2 }}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} />
      ))}
    </Box>
  );
}

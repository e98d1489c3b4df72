// /agents-list: every agent with phone, signup, last login and client count, searchable and paged; an agent
// whose client sends are paused (bounces or complaints) says so, with the button that lifts the pause.
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
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AdminAgent } from '@shared/api-types';
import { PlainList } from '@/components/ui/plain-list';
import { ListPagination } from '@/components/ui/list-pagination';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { LoadError } from '@/components/ui/load-error';
import { PageLayout } from '@/components/ui/page-layout';
import { SearchBox } from '@/components/ui/search-box';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { countText, matchCountText } from '@/lib/count-text';
import { formatTimestamp } from '@/lib/dates';
import { usePagedSearch } from '@/lib/use-paged-search';
import { BackButton } from '@/components/ui/link-button';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { useAgents } from '../api/get-agents';
import { useLiftSendingPause } from '../api/lift-sending-pause';
import { filterAgents } from '../utils/search-admin';

export function AgentsList() {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { agents, error, mutate } = useAgents();
  const { query, setQuery, searchTerm, filtered, pageItems: rows, pagination } = usePagedSearch(agents, filterAgents);

  return (
    <PageLayout
      title="Agent List"
      description={
        agents ? `${countText(agents.length, 'agent', 'agents')} on the platform.` : 'Everyone on the platform.'
      }
      actions={
        <BackButton to={paths.admin.getHref()} variant="outlined">
          Back to Admin Dashboard
        </BackButton>
      }
    >
      {error && !agents ? (
        <LoadError onRetry={() => void mutate()}>We couldn't load the agents. {errorMessage(error)}</LoadError>
      ) : (
        <Card>
          <ListToolbar>
            <SearchBox value={query} onChange={setQuery} placeholder="Search agents..." label="Search agents" />
            <Typography variant="muted" aria-live="polite">
              {agents && searchTerm ? matchCountText(filtered.length, agents.length, 'agents') : ''}
            </Typography>
          </ListToolbar>
          {!agents ? (
            <LoadingRows />
          ) : filtered.length === 0 ? (
            <Typography variant="lead" sx={{ px: 3, py: 5, textAlign: 'center' }}>
              {searchTerm ? `No agents match "${searchTerm}".` : 'No agents yet.'}
            </Typography>
          ) : isMobile ? (
            <PlainList aria-label="Agents">
              {rows.map((agent) => (
                <AgentCard key={agent.id} agent={agent} />
              ))}
            </PlainList>
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
          <ListPagination pagination={pagination} />
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
        <Typography sx={{ fontWeight: 650, fontSize: '0.95rem', overflowWrap: 'anywhere' }}>
          {agent.username}
        </Typography>
        {agent.isPro ? <Chip size="small" label="Pro" color="secondary" /> : null}
        {agent.isAdmin ? <Chip size="small" label="Admin" variant="outlined" /> : null}
        {agent.sendingPaused ? (
          <Chip size="small" color="error" label={`Sending paused: ${agent.sendingPaused.reason}`} />
        ) : null}
      </Box>
      <Typography variant="muted">{agent.fullName}</Typography>
      {agent.sendingPaused ? <LiftPauseButton agent={agent} /> : null}
    </>
  );
}

function LiftPauseButton({ agent }: { agent: AdminAgent }) {
  const { trigger, isMutating } = useLiftSendingPause();
  const act = useToastedAction();
  const lift = () =>
    act(() => trigger(agent.id), {
      done: () => ({ title: 'Pause lifted', description: `${agent.username} can send to clients again.` }),
    });
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={lift}
      disabled={isMutating}
      aria-label={`Lift the sending pause of ${agent.username}`}
      sx={{ mt: 1 }}
    >
      {isMutating ? 'Lifting...' : 'Lift pause'}
    </Button>
  );
}

function AgentRow({ agent }: { agent: AdminAgent }) {
  return (
    <TableRow hover>
      <TableCell sx={{ py: 1.5 }}>
        <AgentName agent={agent} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: agent.phone ? 'text.primary' : 'text.secondary' }}>
        {phoneOf(agent)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(agent.signupDate)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: agent.lastLoginDate ? 'text.primary' : 'text.secondary' }}>
        {lastLoginOf(agent)}
      </TableCell>
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
    <Box
      component="li"
      sx={{ px: 2, py: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <AgentName agent={agent} />
      <Box
        component="dl"
        sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="muted">
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
    <Box role="status" aria-busy="true" aria-label="Loading agents" sx={{ p: 2.5, display: 'grid', gap: 2 }}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} />
      ))}
    </Box>
  );
}

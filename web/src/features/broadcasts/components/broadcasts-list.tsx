// /broadcasts: the agent's recent broadcasts, newest first (GET /api/broadcasts), each a card named by its link to its
// own page: its status, how many recipients, what became of their messages, who was skipped and why, and the last day
// one goes out. Or what stands in for them: loading, none yet, a read that failed.
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Broadcast } from '@shared/api-types';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { LoadError } from '@/components/ui/load-error';
import { PlainList } from '@/components/ui/plain-list';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useBroadcasts } from '../api/broadcasts';
import {
  broadcastStarted,
  broadcastTitle,
  sendDayText,
  skipLines,
  skippedTotal,
  statusLabel,
} from '../utils/broadcast-text';

export function BroadcastsList() {
  const { data, error, mutate } = useBroadcasts();
  if (!data) {
    return error ? (
      <LoadError onRetry={() => void mutate()}>We couldn&apos;t load your broadcasts. {errorMessage(error)}</LoadError>
    ) : (
      <Box role="status" aria-busy="true" aria-label="Loading broadcasts" sx={{ display: 'grid', gap: 2 }}>
        {[0, 1].map((card) => (
          <Skeleton key={card} variant="rounded" height={180} />
        ))}
      </Box>
    );
  }
  if (data.broadcasts.length === 0) {
    return (
      <Card>
        <EmptyPanel
          icon={<CampaignOutlined fontSize="large" />}
          title="No broadcasts yet"
          link={{ label: 'Go to your clients', to: paths.clients.getHref() }}
        >
          A broadcast writes a personal message for each client of a tag, a saved segment or the list you filtered.
          Start one with New broadcast on your clients list.
        </EmptyPanel>
      </Card>
    );
  }
  return (
    <PlainList gap={2} aria-label="Your broadcasts">
      {data.broadcasts.map((broadcast) => (
        <li key={broadcast.id}>
          <BroadcastSummary broadcast={broadcast} />
        </li>
      ))}
    </PlainList>
  );
}

/** One broadcast's card: its title (the link to its page), status and figures. */
function BroadcastSummary({ broadcast }: { broadcast: Broadcast }) {
  const headingId = useId();
  const skips = skipLines(broadcast.skipped);
  const figures: Array<[label: string, value: string]> = [
    ['Recipients', broadcast.total.toLocaleString('en-US')],
    ['Sent', broadcast.sent.toLocaleString('en-US')],
    ['Waiting for approval', broadcast.awaiting.toLocaleString('en-US')],
    ['Scheduled', broadcast.scheduled.toLocaleString('en-US')],
    ['Skipped', skippedTotal(broadcast.skipped).toLocaleString('en-US')],
    ['Last send day', broadcast.lastSendDate ? sendDayText(broadcast.lastSendDate) : 'None scheduled'],
  ];
  return (
    <Card component="article" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} component="h2" variant="h3">
              <Link component={RouterLink} to={paths.broadcast.getHref(broadcast.id)} underline="hover">
                {broadcastTitle(broadcast)}
              </Link>
            </Typography>
            <Typography variant="muted">{broadcastStarted(broadcast)}</Typography>
          </Box>
          <Chip
            size="small"
            label={statusLabel(broadcast)}
            color={broadcast.status === 'done' ? 'success' : 'info'}
            variant="outlined"
          />
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(6, minmax(0, 1fr))',
            },
          }}
        >
          {figures.map(([label, value]) => (
            <Box key={label} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="muted">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {skips.length ? <Typography variant="muted">Who was skipped and why: {skips.join(' · ')}</Typography> : null}
      </CardContent>
    </Card>
  );
}

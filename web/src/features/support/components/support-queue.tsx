// The administrators' support list: the open requests in the order to answer them (Pro agents'
// first, then the oldest first), or the recently closed ones; "No open requests" when the queue is clear.
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SupportQueue as Queue, SupportStatus } from '@shared/api-types';
import { SUPPORT_QUEUE_LIMIT } from '@shared/support';
import { SpreadRow } from '@/components/ui/spread-row';
import { PlainList } from '@/components/ui/plain-list';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { countText } from '@/lib/count-text';
import { useSupportQueue } from '../api/get-support-queue';
import { SupportRequestCard } from './support-request-card';

export const NO_OPEN_REQUESTS = 'No open requests';

export function SupportQueue() {
  const [status, setStatus] = useState<SupportStatus>('open');
  const { queue, error, retry } = useSupportQueue(status);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SpreadRow>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          onChange={(_event, next: SupportStatus | null) => next && setStatus(next)}
          aria-label="Which requests"
        >
          <ToggleButton value="open">Open</ToggleButton>
          <ToggleButton value="closed">Recently closed</ToggleButton>
        </ToggleButtonGroup>
        {queue && queue.status === status ? <Summary queue={queue} /> : null}
      </SpreadRow>
      <QueueBody status={status} queue={queue?.status === status ? queue : undefined} error={error} retry={retry} />
    </Box>
  );
}

function Summary({ queue }: { queue: Queue }) {
  if (!queue.tickets.length) return null;
  const what =
    queue.status === 'open'
      ? countText(queue.tickets.length, 'open request', 'open requests')
      : countText(queue.tickets.length, 'closed request', 'closed requests');
  const order = queue.status === 'open' ? "Pro agents' first, then the oldest first." : 'Newest first.';
  return (
    <Typography variant="muted" aria-live="polite">
      {queue.more ? `The first ${SUPPORT_QUEUE_LIMIT} ${queue.status} requests` : what}. {order}
    </Typography>
  );
}

type QueueBodyProps = { status: SupportStatus; queue: Queue | undefined; error: Error | undefined; retry: () => void };

function QueueBody({ status, queue, error, retry }: QueueBodyProps) {
  if (!queue) {
    return error ? (
      <LoadError onRetry={retry}>We couldn&apos;t load the support requests. {errorMessage(error)}</LoadError>
    ) : (
      <Box role="status" aria-busy="true" aria-label="Loading support requests" sx={{ display: 'grid', gap: 2 }}>
        {[0, 1].map((card) => (
          <Skeleton key={card} variant="rounded" height={220} />
        ))}
      </Box>
    );
  }
  if (!queue.tickets.length) {
    return (
      <Card>
        <EmptyPanel
          icon={<InboxOutlined fontSize="large" />}
          title={status === 'open' ? NO_OPEN_REQUESTS : 'No closed requests yet'}
          actions={null}
        >
          {status === 'open'
            ? "New requests from agents show here, Pro agents' first."
            : 'Requests you close show here, the most recent first.'}
        </EmptyPanel>
      </Card>
    );
  }
  return (
    <PlainList
      gap={2}

      aria-label={status === 'open' ? 'Open requests' : 'Recently closed requests'}
    >
      {queue.tickets.map((ticket) => (
        <li key={ticket.id}>
          <SupportRequestCard ticket={ticket} />
        </li>
      ))}
    </PlainList>
  );
}

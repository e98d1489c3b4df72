// "Your requests" on the Help page: each of the agent's requests, newest first, with its date, status
// and our replies; a note when there are none yet.
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { SupportTicket } from '@shared/api-types';
import { SpreadRow } from '@/components/ui/spread-row';
import { PlainList } from '@/components/ui/plain-list';
import { LoadError } from '@/components/ui/load-error';
import { SectionCard } from '@/components/ui/section-card';
import { errorMessage } from '@/lib/api-client';
import { countText } from '@/lib/count-text';
import { formatTimestamp } from '@/lib/dates';
import { useSupportRequests } from '../api/get-support-requests';
import { SupportStatusChip } from './support-chips';
import { SupportThread } from './support-thread';

export const NO_REQUESTS = 'No requests yet';

export function SupportHistory() {
  const { tickets, error, retry } = useSupportRequests();
  const subtitle = tickets?.length
    ? countText(tickets.length, 'request', 'requests')
    : 'What you asked us, and our answers';

  return (
    <SectionCard icon={<ForumOutlined />} title="Your requests" subtitle={subtitle}>
      {!tickets ? (
        error ? (
          <LoadError onRetry={retry}>We couldn&apos;t load your requests. {errorMessage(error)}</LoadError>
        ) : (
          <Box role="status" aria-busy="true" aria-label="Loading your requests" sx={{ display: 'grid', gap: 1.5 }}>
            {[0, 1].map((row) => (
              <Skeleton key={row} variant="rounded" height={96} />
            ))}
          </Box>
        )
      ) : tickets.length === 0 ? (
        <Box sx={{ py: 3, textAlign: 'center' }}>
          <Typography component="h3" variant="h4">
            {NO_REQUESTS}
          </Typography>
          <Typography variant="muted" sx={{ mt: 0.5 }}>
            When you send us a request, it shows here with our replies.
          </Typography>
        </Box>
      ) : (
        <PlainList gap={2} aria-label="Your requests">
          {tickets.map((ticket) => (
            <Box component="li" key={ticket.id} sx={{ '& + &': { borderTop: 1, borderColor: 'divider', pt: 2 } }}>
              <RequestItem ticket={ticket} />
            </Box>
          ))}
        </PlainList>
      )}
    </SectionCard>
  );
}

function RequestItem({ ticket }: { ticket: SupportTicket }) {
  const headingId = useId();
  return (
    <Box component="article" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.25 }}>
      <SpreadRow align="flex-start" gap={1}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} component="h3" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
            {ticket.subject}
          </Typography>
          <Typography variant="muted">
            Sent {formatTimestamp(ticket.createdAt)}
            {ticket.closedAt ? ` · closed ${formatTimestamp(ticket.closedAt)}` : ''}
            {ticket.replies.length ? ` · ${countText(ticket.replies.length, 'reply', 'replies')}` : ''}
          </Typography>
        </Box>
        <SupportStatusChip status={ticket.status} />
      </SpreadRow>
      <SupportThread ticket={ticket} reader="agent" />
    </Box>
  );
}

// Reach: the clients who have had no message, call, meeting or note for the quiet period, longest
// quiet first, each a click from a message; 'and N more' past the list the answer carries.
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Insights, QuietClient } from '@shared/api-types';
import { SpreadRow } from '@/components/ui/spread-row';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { countText } from '@/lib/count-text';
import { formatTimestamp } from '@/lib/dates';
import { ClientLink } from '@/components/ui/client-link';
import { LinkButton } from '@/components/ui/link-button';
import { ListEntry } from './figures';

type ReachCardProps = {
  reach: Insights['reach'];
  /** "Send a message": the page opens its composer for the client. */
  onMessage: (client: QuietClient) => void;
};

export function reachText(reach: Insights['reach']): string {
  return `${countText(reach.count, 'client', 'clients')} with no touch in ${reach.quietDays} days`;
}

export function ReachCard({ reach, onMessage }: ReachCardProps) {
  const more = reach.count - reach.clients.length;
  return (
    <SectionCard icon={<PersonSearchOutlined />} title="Reach" subtitle={reachText(reach)}>
      {reach.count === 0 ? (
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, borderRadius: 2, bgcolor: 'background.default' }}
        >
          <TaskAltRounded aria-hidden="true" sx={{ color: 'success.main' }} />
          <Typography>Everyone has heard from you in the last {reach.quietDays} days.</Typography>
        </Box>
      ) : (
        <>
          <PlainList aria-label={`Clients with no touch in ${reach.quietDays} days`}>
            {reach.clients.map((client) => (
              <ListEntry key={client.id} sx={{ justifyContent: 'space-between', columnGap: 2, rowGap: 1, py: 1.5 }}>
                <Box sx={{ minWidth: 0, flex: '1 1 14rem', overflowWrap: 'anywhere' }}>
                  <Typography sx={{ fontWeight: 650 }}>
                    <ClientLink id={client.id} name={client.name} />
                  </Typography>
                  <Typography variant="muted">{client.email}</Typography>
                  <Typography variant="muted">
                    {client.lastContactAt ? `Last contact ${formatTimestamp(client.lastContactAt)}` : 'Never contacted'}
                  </Typography>
                </Box>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<SendRounded />}
                  onClick={() => onMessage(client)}
                  aria-label={`Send a message to ${client.name}`}
                >
                  Send a message
                </Button>
              </ListEntry>
            ))}
          </PlainList>
          {more > 0 ? (
            <SpreadRow gap={1}>
              <Typography variant="muted">and {countText(more, 'more client', 'more clients')}</Typography>
              <LinkButton to={paths.clients.getHref()} size="small" endIcon={<ArrowForwardRounded />}>
                All clients
              </LinkButton>
            </SpreadRow>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}

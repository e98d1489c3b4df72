// Today's keep-in-touch list: the clients whose rhythm says they are due for a check-in, longest due first, each name a
// link to the client's page. "Done" logs a touch, which moves their Last Contact and so the day they are due next.
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Client } from '@shared/api-types';
import { ClientLink } from '@/components/ui/client-link';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';
import { useMarkCheckedIn } from './api/mark-checked-in';
import { DUE_CHECK_INS_SHOWN, useDueCheckIns } from './api/get-due-check-ins';

export const NO_CHECK_INS = 'Nobody is due for a check-in. Set a keep-in-touch rhythm on a client to see them here.';

/** "Last contact Mar 3, 2026" or "Added Mar 3, 2026", and the rhythm. */
export function sinceText(client: Pick<Client, 'lastContactDate' | 'createdAt' | 'cadenceDays'>): string {
  const since = client.lastContactDate
    ? `Last contact ${formatCalendarDate(client.lastContactDate.slice(0, 10))}`
    : `Added ${formatCalendarDate(client.createdAt.slice(0, 10))}`;
  return client.cadenceDays ? `${since} · every ${client.cadenceDays} days` : since;
}

export function CheckInsCard() {
  const { page, error, isLoading } = useDueCheckIns();
  const markCheckedIn = useMarkCheckedIn();
  const { toast } = useToast();

  const handleDone = async (client: Client) => {
    try {
      await markCheckedIn.trigger(client.id);
      toast({ title: `Checked in with ${client.name}`, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  const more = page ? page.total - page.clients.length : 0;
  return (
    // Below the queue on Today, apart from it.
    <Box sx={{ mt: 3 }}>
      <SectionCard
        icon={<EventAvailableOutlined />}
        title="Due for a check-in"
        subtitle="Clients whose keep-in-touch rhythm says it is time to reach out."
      >
        {error ? (
          <Typography role="alert">{errorMessage(error)}</Typography>
        ) : isLoading || !page ? (
          <Typography role="status">Loading check-ins…</Typography>
        ) : page.clients.length === 0 ? (
          <Typography variant="lead">{NO_CHECK_INS}</Typography>
        ) : (
          <>
            <PlainList gap={1.5} aria-label="Clients due for a check-in">
              {page.clients.map((client) => (
                <Box
                  component="li"
                  key={client.id}
                  sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'space-between' }}
                >
                  <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Typography sx={{ fontWeight: 650 }}>
                      <ClientLink id={client.id} name={client.name} />
                    </Typography>
                    <Typography variant="muted">{sinceText(client)}</Typography>
                  </Box>
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => handleDone(client)}
                    disabled={markCheckedIn.isMutating}
                    aria-label={`Done: checked in with ${client.name}`}
                  >
                    Done
                  </Button>
                </Box>
              ))}
            </PlainList>
            {more > 0 && page.clients.length >= DUE_CHECK_INS_SHOWN ? (
              <Typography variant="muted">And {more} more: mark these done to see them.</Typography>
            ) : null}
          </>
        )}
      </SectionCard>
    </Box>
  );
}

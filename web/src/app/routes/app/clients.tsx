// /clients: the agent's client list and everything done to a client; inviting a client (and the
// open invitations), requesting a review, the client's video testimonials, messages and activity,
// and pausing automatic messages for a client come from their own features.
import PersonAddAlt1Outlined from '@/components/icons/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useUser } from '@/lib/auth';
import { AutomationsPauseSwitch } from '@/features/automations/components/automations-pause-switch';
import { NewBroadcastButton } from '@/features/broadcasts/components/new-broadcast-button';
import { ClientsManager } from '@/features/clients/components/clients-manager';
import { ClientActivitySection } from '@/features/messages/components/client-activity';
import { MessageButton } from '@/features/messages/components/message-button';
import { useComposer } from '@/features/messages/components/use-composer';
import { InviteClientDialog } from '@/features/invitations/components/invite-client-dialog';
import { OpenInvitations } from '@/features/invitations/components/open-invitations';
import { MarkReviewButton } from '@/features/reviews/components/mark-review-button';
import { RequestReviewButton } from '@/features/reviews/components/review-actions';
import { ClientTestimonials } from '@/features/testimonials/components/client-testimonials';

export function ClientsRoute() {
  const { user } = useUser();
  const [inviting, setInviting] = useState(false);
  const { openComposer, composer } = useComposer();

  return (
    <>
      <ClientsManager
        isPro={user?.isPro === true}
        headerActions={
          <>
            <NewBroadcastButton isPro={user?.isPro === true} />
            <Button variant="outlined" startIcon={<PersonAddAlt1Outlined />} onClick={() => setInviting(true)}>
              Invite Client
            </Button>
          </>
        }
        aboveList={<OpenInvitations />}
        renderReviewActions={(client) => (
          <>
            <RequestReviewButton client={client} />
            <MarkReviewButton client={client} />
          </>
        )}
        renderTestimonials={(client) => <ClientTestimonials clientId={client.id} />}
        renderRowActions={(client) => (
          <>
            <MarkReviewButton client={client} variant="icon" />
            <MessageButton client={client} onOpen={openComposer} />
          </>
        )}
        renderDetailActions={(client) => <MessageButton client={client} onOpen={openComposer} variant="button" />}
        renderActivity={(client) => (
          <Stack spacing={2}>
            <AutomationsPauseSwitch client={client} />
            <ClientActivitySection client={client} />
          </Stack>
        )}
      />
      <InviteClientDialog open={inviting} onClose={() => setInviting(false)} />
      {composer}
    </>
  );
}

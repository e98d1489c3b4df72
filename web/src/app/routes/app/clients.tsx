// /clients: the agent's client list (each name opens the client's page, /clients/:id); inviting a client (and the
// open invitations), a new broadcast and the way to the broadcasts (/broadcasts), marking a review and sending a
// message from a row come from their own features.
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { NewBroadcastButton } from '@/features/broadcasts/components/new-broadcast-button';
import { ClientsManager } from '@/features/clients/components/clients-manager';
import { DuplicatesLink } from '@/features/duplicates/components/duplicates-link';
import { MessageButton } from '@/features/messages/components/message-button';
import { useComposer } from '@/features/messages/components/use-composer';
import { InviteClientDialog } from '@/features/invitations/components/invite-client-dialog';
import { OpenInvitations } from '@/features/invitations/components/open-invitations';
import { MarkReviewButton } from '@/features/reviews/components/mark-review-button';

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
            <LinkButton to={paths.broadcasts.getHref()} startIcon={<CampaignOutlined />}>
              {paths.broadcasts.label}
            </LinkButton>
            <NewBroadcastButton isPro={user?.isPro === true} />
            <Button variant="outlined" startIcon={<PersonAddAlt1Outlined />} onClick={() => setInviting(true)}>
              Invite Client
            </Button>
          </>
        }
        aboveList={
          <>
            <DuplicatesLink />
            <OpenInvitations />
          </>
        }
        renderRowActions={(client) => (
          <>
            <MarkReviewButton client={client} variant="icon" />
            <MessageButton client={client} onOpen={openComposer} />
          </>
        )}
      />
      <InviteClientDialog open={inviting} onClose={() => setInviting(false)} />
      {composer}
    </>
  );
}

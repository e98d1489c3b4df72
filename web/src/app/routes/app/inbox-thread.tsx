// /inbox/:clientId: one conversation, marked read when opened, with the composer to answer.
import ArrowBackRounded from '@/components/icons/ArrowBackRounded';
import InboxOutlined from '@/components/icons/InboxOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { useMarkConversationRead } from '@/features/inbox/api/mark-conversation-read';
import { useClientActivity } from '@/features/messages/api/get-client-activity';
import { ConversationThread } from '@/features/messages/components/conversation-thread';
import { useComposer } from '@/features/messages/components/use-composer';
import { ClientLink } from '@/components/ui/client-link';

export function InboxThreadRoute() {
  const clientId = useParams().clientId ?? '';
  const { client } = useClientActivity(clientId);
  const { openComposer, composer } = useComposer();
  const { trigger: markRead } = useMarkConversationRead();

  // Opening the conversation reads it; a failure only leaves it unread.
  useEffect(() => {
    if (clientId) markRead(clientId).catch(() => undefined);
  }, [clientId, markRead]);

  const back = (
    <Button component={RouterLink} to={paths.inbox.getHref()} startIcon={<ArrowBackRounded />}>
      Inbox
    </Button>
  );
  return (
    <PageLayout
      title={client ? `${client.name} · ${paths.inbox.label}` : paths.inbox.label}
      heading={client ? <ClientLink id={client.id} name={client.name} /> : 'Conversation'}
      actions={back}
    >
      <ConversationThread
        clientId={clientId}
        onReply={(who) => openComposer(who, 'check-in')}
        notFound={
          <Card>
            <EmptyPanel
              icon={<InboxOutlined fontSize="large" />}
              title="Conversation not found"
              actions={
                <Button component={RouterLink} to={paths.inbox.getHref()} variant="contained">
                  Back to the Inbox
                </Button>
              }
            >
              This client is not in your book any more, or the link is wrong.
            </EmptyPanel>
          </Card>
        }
      />
      {composer}
    </PageLayout>
  );
}

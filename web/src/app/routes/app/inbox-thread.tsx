// /inbox/:clientId: one conversation, marked read when opened, with the composer to answer.
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { useMarkConversationRead } from '@/features/inbox/api/mark-conversation-read';
import { useClientActivity } from '@/features/messages/api/get-client-activity';
import { ConversationThread } from '@/features/messages/components/conversation-thread';
import { useComposer } from '@/features/messages/components/use-composer';
import { ClientLink } from '@/components/ui/client-link';
import { BackButton } from '@/components/ui/link-button';
import { MissingClientCard } from '@/components/ui/missing-client-card';

export function InboxThreadRoute() {
  const clientId = useParams().clientId ?? '';
  const { client } = useClientActivity(clientId);
  const { openComposer, composer } = useComposer();
  const { trigger: markRead } = useMarkConversationRead();

  // Opening the conversation reads it; a failure only leaves it unread.
  useEffect(() => {
    if (clientId) markRead(clientId).catch(() => undefined);
  }, [clientId, markRead]);

  const back = <BackButton to={paths.inbox.getHref()}>Inbox</BackButton>;
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
          <MissingClientCard
            icon={<InboxOutlined fontSize="large" />}
            title="Conversation not found"
            back={{ to: paths.inbox.getHref(), label: 'Back to the Inbox' }}
          />
        }
      />
      {composer}
    </PageLayout>
  );
}

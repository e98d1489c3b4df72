// /inbox: the agent's conversations with clients, latest first, unread replies marked.
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { ConversationList } from '@/features/inbox/components/conversation-list';

export function InboxRoute() {
  return (
    <PageLayout
      title={paths.inbox.label}
      description="Replies from your clients by e-mail and text, and what you sent them."
    >
      <ConversationList />
    </PageLayout>
  );
}

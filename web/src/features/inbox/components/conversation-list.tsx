// The Inbox: one row per client the agent has written with, latest activity first; unread ones (the client wrote
// since the agent last looked) stand out. "Unread only" narrows it; older conversations come a page at a time.
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ConversationSummary } from '@shared/api-types';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { LoadError } from '@/components/ui/load-error';
import { PlainList } from '@/components/ui/plain-list';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { ageLabel } from '@/lib/dates';
import { useConversations } from '../api/get-conversations';

const CHANNEL_WORDS = { email: 'e-mail', sms: 'text' } as const;

export function ConversationList() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  // The cursors of the pages before this one: "Newer" goes back one.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const { page, error, isLoading, retry } = useConversations({ unreadOnly, cursor });

  const handleUnreadOnly = (checked: boolean) => {
    setUnreadOnly(checked);
    setCursors([]);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="lead">
          {page
            ? page.unreadTotal
              ? `${page.unreadTotal} unread ${page.unreadTotal === 1 ? 'conversation' : 'conversations'}`
              : 'No unread conversations'
            : ' '}
        </Typography>
        <FormControlLabel
          control={<Switch checked={unreadOnly} onChange={(event) => handleUnreadOnly(event.target.checked)} />}
          label="Unread only"
        />
      </Box>
      {!page ? (
        error ? (
          <LoadError onRetry={retry}>We couldn&apos;t load your conversations. {errorMessage(error)}</LoadError>
        ) : (
          <Box role="status" aria-busy="true" aria-label="Loading conversations" sx={{ display: 'grid', gap: 1.5 }}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={76} />
            ))}
          </Box>
        )
      ) : page.conversations.length === 0 ? (
        <Card>
          <EmptyPanel
            icon={<InboxOutlined fontSize="large" />}
            title={unreadOnly ? 'Nothing unread' : 'No conversations yet'}
            link={{ label: 'Go to your clients', to: paths.clients.getHref() }}
          >
            {unreadOnly
              ? 'Every reply has been read.'
              : 'When you write to a client or a client answers your e-mail or text, the conversation shows here.'}
          </EmptyPanel>
        </Card>
      ) : (
        <>
          <PlainList gap={1.5} aria-label="Conversations" aria-busy={isLoading ? 'true' : undefined}>
            {page.conversations.map((conversation) => (
              <li key={conversation.clientId}>
                <ConversationRow conversation={conversation} />
              </li>
            ))}
          </PlainList>
          {cursors.length || page.nextCursor ? (
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Button disabled={!cursors.length} onClick={() => setCursors((list) => list.slice(0, -1))}>
                Newer
              </Button>
              <Button
                disabled={!page.nextCursor}
                onClick={() => page.nextCursor && setCursors((list) => [...list, page.nextCursor!])}
              >
                Older
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </Box>
  );
}

/** A conversation: its link's name is what it shows (the client, Unread, when, who wrote last and how, the excerpt). */
function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const { clientId, clientName, lastMessage, unread } = conversation;
  const who = lastMessage.direction === 'inbound' ? clientName.split(' ')[0] : 'You';
  return (
    <Card variant="outlined" sx={unread ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}>
      <CardActionArea
        component={RouterLink}
        to={paths.inboxThread.getHref(clientId)}
        sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', justifyContent: 'stretch', gap: 0.5 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography
            component="span"
            sx={{ fontWeight: unread ? 700 : 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {clientName}
          </Typography>
          {unread ? <Chip size="small" color="primary" label="Unread" /> : null}
          <Typography component="span" variant="muted" sx={{ ml: 'auto', flexShrink: 0 }}>
            {ageLabel(lastMessage.at)}
          </Typography>
        </Box>
        <Typography
          variant="muted"
          component="span"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
        >
          {who} ({CHANNEL_WORDS[lastMessage.channel]}): {lastMessage.excerpt}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

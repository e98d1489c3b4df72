// A conversation with one client: the messages both ways, oldest first (the client's on the left, the agent's on the
// right), each e-mail reply with a link to the original as it arrived, and Reply, which opens the composer.
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { Client, MessageActivity } from '@shared/api-types';
import { LoadError } from '@/components/ui/load-error';
import { PlainList } from '@/components/ui/plain-list';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/dates';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { getMessageOriginal } from '../api/get-message-original';
import { useClientActivity } from '../api/get-client-activity';
import { CHANNEL_LABELS, STATUS_LABELS } from '../message-text';

type ConversationThreadProps = {
  clientId: string;
  onReply: (client: Client) => void;
  /** Shown instead of the thread when the client is not (or no longer) the agent's. */
  notFound: ReactNode;
};

export function ConversationThread({ clientId, onReply, notFound }: ConversationThreadProps) {
  const { activity, client, error, retry } = useClientActivity(clientId);

  if (!activity || !client) {
    if (error instanceof ApiError && error.status === 404) return notFound;
    return error ? (
      <LoadError onRetry={retry}>We couldn&apos;t load this conversation. {errorMessage(error)}</LoadError>
    ) : (
      <Box role="status" aria-busy="true" aria-label="Loading the conversation" sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="rounded" height={80} sx={{ width: '70%' }} />
        <Skeleton variant="rounded" height={80} sx={{ width: '70%', justifySelf: 'end' }} />
      </Box>
    );
  }

  const messages = activity
    .filter((entry): entry is MessageActivity => entry.type === 'message')
    .sort((a, b) => a.at.localeCompare(b.at));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {messages.length === 0 ? (
        <Typography variant="muted">No messages with {client.name} yet.</Typography>
      ) : (
        <PlainList ordered gap={1.5} aria-label={`Messages with ${client.name}`}>
          {messages.map((message) => (
            <li key={message.id}>
              <MessageBubble message={message} client={client} />
            </li>
          ))}
        </PlainList>
      )}
      <Box>
        <Button variant="contained" startIcon={<SendRounded />} onClick={() => onReply(client)}>
          Reply to {client.name}
        </Button>
      </Box>
    </Box>
  );
}

function MessageBubble({ message, client }: { message: MessageActivity; client: Client }) {
  const inbound = message.direction === 'inbound';
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`${inbound ? client.name : 'You'}, ${CHANNEL_LABELS[message.channel]}, ${formatTimestamp(message.at)}`}
      sx={{
        p: 2,
        maxWidth: { xs: '92%', sm: '75%' },
        ml: inbound ? 0 : 'auto',
        bgcolor: inbound ? 'background.paper' : 'action.hover',
        display: 'grid',
        gap: 0.75,
      }}
    >
      <Typography variant="muted" component="p" sx={{ m: 0 }}>
        {inbound ? client.name : 'You'} · {CHANNEL_LABELS[message.channel]} · {formatTimestamp(message.at)}
        {inbound || message.status === 'sent' ? '' : ` · ${STATUS_LABELS[message.status]}`}
      </Typography>
      {message.subject ? (
        <Typography component="p" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {message.subject}
        </Typography>
      ) : null}
      <Typography component="p" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Typography>
      {inbound && message.channel === 'email' ? <OriginalLink clientId={client.id} messageId={message.id} /> : null}
    </Card>
  );
}

/** Fetches a short-lived link to the original e-mail and opens it (a download of reply.eml). */
function OriginalLink({ clientId, messageId }: { clientId: string; messageId: string }) {
  const [opening, setOpening] = useState(false);
  const act = useToastedAction();
  const handleOpen = async () => {
    setOpening(true);
    const original = await act(() => getMessageOriginal(clientId, messageId), {
      failureTitle: 'The original could not be opened',
    });
    if (original) window.location.assign(original.url);
    setOpening(false);
  };
  return (
    <Box>
      <Button size="small" startIcon={<OpenInNewRounded />} onClick={() => void handleOpen()} disabled={opening}>
        Download the original e-mail
      </Button>
    </Box>
  );
}

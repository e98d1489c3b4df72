// What a support request says and the answers to it, oldest first: the agent's message, then each
// reply with who wrote it and when.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SupportTicket } from '@shared/api-types';
import { PlainList } from '@/components/ui/plain-list';
import { formatTimestamp } from '@/lib/dates';

type SupportThreadProps = {
  ticket: SupportTicket;
  /** Whose eyes: the agent reads "Hearthside support" under each reply's author. */
  reader: 'agent' | 'admin';
};

export function SupportThread({ ticket, reader }: SupportThreadProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {ticket.message}
      </Typography>
      {ticket.replies.length ? (
        <PlainList
          ordered
          gap={1.25}

          aria-label={`Replies to ${ticket.subject}`}
        >
          {ticket.replies.map((reply) => (
            <Box
              component="li"
              key={reply.id}
              sx={(theme) => ({
                px: 2,
                py: 1.5,
                borderRadius: 2,
                bgcolor: 'background.default',
                borderLeft: `3px solid ${theme.palette.primary.main}`,
              })}
            >
              <Typography variant="body2" sx={{ fontWeight: 650 }}>
                {reader === 'agent' ? `${reply.author} · Hearthside support` : reply.author}
                <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                  {` · ${formatTimestamp(reply.createdAt)}`}
                </Box>
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {reply.text}
              </Typography>
            </Box>
          ))}
        </PlainList>
      ) : null}
    </Box>
  );
}

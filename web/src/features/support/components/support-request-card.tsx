// One support request in the administrators' list: who wrote (Pro chip, name, e-mail), how long ago,
// what they asked and the answers so far; an open one has a reply box with Send reply, Send and
// close, and Close ticket.
import CheckRounded from '@mui/icons-material/CheckRounded';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { SupportTicket, SupportTicketUpdate } from '@shared/api-types';
import { supportActionSchema } from '@shared/support';
import { SpreadRow } from '@/components/ui/spread-row';
import { useToast } from '@/components/ui/toast/use-toast';
import { NamedForm } from '@/components/ui/named-form';
import { errorMessage } from '@/lib/api-client';
import { ageLabel, formatTimestamp } from '@/lib/dates';
import { serverFieldErrors, validOrShowErrors } from '@/lib/form-errors';
import { useActOnSupportRequest } from '../api/act-on-support-request';
import { ProChip, SupportStatusChip } from './support-chips';
import { SupportThread } from './support-thread';

type Action = 'reply' | 'reply-close' | 'close';

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The toast after an action: what happened, and whether the agent got the reply by e-mail. */
function doneText(
  action: Action,
  update: SupportTicketUpdate,
): { title: string; description?: string; variant: 'success' | 'destructive' } {
  const name = firstNameOf(update.ticket.agentName);
  if (update.mail === 'failed') {
    return {
      title: 'Reply saved, e-mail not sent',
      description: `${name} will see it on their Help page, but the e-mail to ${update.ticket.agentEmail} could not be sent.`,
      variant: 'destructive',
    };
  }
  if (action === 'close') return { title: 'Request closed', variant: 'success' };
  return {
    title: action === 'reply-close' ? `Reply sent to ${name}, request closed` : `Reply sent to ${name}`,
    variant: 'success',
  };
}

export function SupportRequestCard({ ticket }: { ticket: SupportTicket }) {
  const headingId = useId();
  const replyId = useId();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [running, setRunning] = useState<Action | null>(null);
  const { trigger } = useActOnSupportRequest();
  const { toast } = useToast();
  const open = ticket.status === 'open';

  const run = async (action: Action) => {
    let body: { reply?: string; close?: boolean } = { close: true };
    if (action !== 'close') {
      const checked = validOrShowErrors(
        supportActionSchema,
        { reply, ...(action === 'reply-close' ? { close: true } : {}) },
        (errors) => setError(errors.reply),
      );
      if (!checked) return;
      body = checked;
    }
    setRunning(action);
    try {
      const update = await trigger({ id: ticket.id, action: body });
      toast(doneText(action, update));
      setReply('');
      setError(undefined);
    } catch (failure) {
      setError(serverFieldErrors(failure, ['reply'] as const).reply);
      toast({
        title: action === 'close' ? 'Not closed' : 'Reply not sent',
        description: errorMessage(failure),
        variant: 'destructive',
      });
    } finally {
      setRunning(null);
    }
  };

  return (
    <Card component="article" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <SpreadRow align="flex-start">
          <Box sx={{ minWidth: 0, display: 'grid', gap: 0.25 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              {ticket.priority === 'pro' ? <ProChip /> : null}
              <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>{ticket.agentName}</Typography>
            </Box>
            <Typography variant="muted" sx={{ overflowWrap: 'anywhere' }}>
              <Link href={`mailto:${ticket.agentEmail}`} color="inherit">
                {ticket.agentEmail}
              </Link>
              {' · '}
              <time dateTime={ticket.createdAt} title={formatTimestamp(ticket.createdAt)}>
                {ageLabel(ticket.createdAt)}
              </time>
            </Typography>
          </Box>
          <SupportStatusChip status={ticket.status} />
        </SpreadRow>
        <Typography id={headingId} component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
          {ticket.subject}
        </Typography>
        <SupportThread ticket={ticket} reader="admin" />
        {open ? (
          <NamedForm
            label={`Reply to ${ticket.agentName}`}
            onSubmit={() => void run('reply')}
            sx={{ display: 'grid', gap: 1.5 }}
          >
            <FormControl fullWidth error={Boolean(error)}>
              <InputLabel htmlFor={replyId}>Reply</InputLabel>
              <OutlinedInput
                id={replyId}
                label="Reply"
                multiline
                minRows={3}
                value={reply}
                onChange={(event) => setReply(event.target.value)}
                inputProps={{ 'aria-describedby': error ? `${replyId}-error` : undefined }}
              />
              {error ? <FormHelperText id={`${replyId}-error`}>{error}</FormHelperText> : null}
            </FormControl>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button type="submit" variant="contained" startIcon={<SendRounded />} disabled={running !== null}>
                {running === 'reply' ? 'Sending...' : 'Send reply'}
              </Button>
              <Button
                variant="outlined"
                startIcon={<DoneAllRounded />}
                onClick={() => void run('reply-close')}
                disabled={running !== null}
              >
                {running === 'reply-close' ? 'Sending...' : 'Send and close'}
              </Button>
              <Button startIcon={<CheckRounded />} onClick={() => void run('close')} disabled={running !== null}>
                {running === 'close' ? 'Closing...' : 'Close ticket'}
              </Button>
            </Box>
          </NamedForm>
        ) : (
          <Typography variant="muted">Closed {ticket.closedAt ? formatTimestamp(ticket.closedAt) : ''}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

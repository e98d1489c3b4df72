// One message of the Today queue: who it is for, the occasion, the channel, where it stands, why it
// waits (the note), and what it says. A message waiting for approval can be approved as it is,
// edited then approved, or skipped; a scheduled one can still be stopped.
import CheckRounded from '@mui/icons-material/CheckRounded';
import DoNotDisturbAltOutlined from '@mui/icons-material/DoNotDisturbAltOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import type { OutgoingMessage } from '@shared/api-types';
import { messageSchema } from '@shared/messages';
import { useToast } from '@/components/ui/toast/use-toast';
import { sendErrorMessage } from '@/lib/email-verification';
import { serverFieldErrors, validOrShowErrors } from '@/lib/form-errors';
import { useApproveOutgoing, useSkipOutgoing, type EditedDraft } from '../api/outgoing-actions';
import { CHANNEL_NAMES, SKIPPED, approvedText, firstNameOf, occasionName, queueStatus } from '../automation-text';

type DraftErrors = Partial<Record<'subject' | 'body', string>>;

type OutgoingCardProps = {
  message: OutgoingMessage;
  /** Another action holds the queue ("Approve all" runs): the card's own buttons wait. */
  locked: boolean;
};

export function OutgoingCard({ message, locked }: OutgoingCardProps) {
  const headingId = useId();
  const awaiting = message.status === 'awaiting-approval';
  const isEmail = message.channel === 'email';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ subject: message.subject ?? '', body: message.body });
  const [errors, setErrors] = useState<DraftErrors>({});
  const approving = useApproveOutgoing();
  const skipping = useSkipOutgoing();
  const { toast } = useToast();
  const working = locked || approving.isMutating || skipping.isMutating;
  const name = firstNameOf(message.clientName);
  const ChannelIcon = isEmail ? EmailOutlined : SmsOutlined;

  const approve = async (edited?: EditedDraft) => {
    try {
      const action = await approving.trigger({ id: message.id, draft: edited });
      toast({
        ...approvedText(action, message.clientName),
        variant: action.status === 'skipped' ? 'destructive' : 'success',
      });
      setEditing(false);
    } catch (error) {
      setErrors(serverFieldErrors(error, ['subject', 'body'] as const));
      toast({ title: `Not sent to ${name}`, description: sendErrorMessage(error), variant: 'destructive' });
    }
  };

  const approveEdited = () => {
    const checked = validOrShowErrors(
      messageSchema,
      { channel: message.channel, subject: isEmail ? draft.subject : undefined, body: draft.body },
      setErrors,
    );
    if (!checked) return;
    void approve(isEmail ? { subject: checked.subject, body: checked.body } : { body: checked.body });
  };

  const skip = async () => {
    try {
      await skipping.trigger(message.id);
      toast({ title: SKIPPED, description: `${name} won't get this message.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Not skipped', description: sendErrorMessage(error), variant: 'destructive' });
    }
  };

  const cancelEdit = () => {
    setEditing(false);
    setErrors({});
    setDraft({ subject: message.subject ?? '', body: message.body });
  };

  return (
    <Card component="article" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            gap: 1.5,
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
              {message.clientName}
            </Typography>
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75 }}
            >
              <span>{occasionName(message.occasion)}</span>
              <span aria-hidden="true">·</span>
              <ChannelIcon fontSize="small" aria-hidden="true" />
              <span>{CHANNEL_NAMES[message.channel]}</span>
            </Typography>
          </Box>
          <Chip
            label={queueStatus(message)}
            color={awaiting ? 'warning' : 'default'}
            variant="outlined"
            icon={awaiting ? <HourglassEmptyRounded /> : <ScheduleRounded />}
            sx={{ maxWidth: '100%' }}
          />
        </Box>
        {message.note ? (
          <Alert severity="info" icon={<InfoOutlined fontSize="inherit" />} role="note">
            {message.note}
          </Alert>
        ) : null}
        {editing ? (
          <Box
            component="form"
            noValidate
            aria-label={`Edit the message to ${message.clientName}`}
            onSubmit={(event) => {
              event.preventDefault();
              approveEdited();
            }}
            sx={{ display: 'grid', gap: 2 }}
          >
            {isEmail ? (
              <TextField
                label="Subject"
                value={draft.subject}
                onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
                required
                error={Boolean(errors.subject)}
                helperText={errors.subject}
              />
            ) : null}
            <TextField
              label="Message"
              value={draft.body}
              onChange={(e) => setDraft({ ...draft, body: e.target.value })}
              required
              multiline
              minRows={isEmail ? 6 : 3}
              error={Boolean(errors.body)}
              helperText={errors.body}
            />
            <Actions>
              <Button type="submit" variant="contained" startIcon={<CheckRounded />} disabled={working}>
                {approving.isMutating ? 'Sending...' : 'Approve'}
              </Button>
              <Button onClick={cancelEdit} disabled={working}>
                Cancel
              </Button>
            </Actions>
          </Box>
        ) : (
          <>
            <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
              {message.subject ? (
                <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>{message.subject}</Typography>
              ) : null}
              <Typography
                variant="body2"
                sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: message.subject ? 0.5 : 0 }}
              >
                {message.body}
              </Typography>
            </Box>
            <Actions>
              {awaiting ? (
                <>
                  <Button
                    variant="contained"
                    startIcon={<CheckRounded />}
                    onClick={() => void approve()}
                    disabled={working}
                  >
                    {approving.isMutating ? 'Sending...' : 'Approve'}
                  </Button>
                  <Button
                    variant="outlined"
                    startIcon={<EditOutlined />}
                    onClick={() => setEditing(true)}
                    disabled={working}
                  >
                    Edit
                  </Button>
                  <Button onClick={() => void skip()} disabled={working}>
                    {skipping.isMutating ? 'Skipping...' : 'Skip'}
                  </Button>
                </>
              ) : (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DoNotDisturbAltOutlined />}
                  onClick={() => void skip()}
                  disabled={working}
                >
                  {skipping.isMutating ? 'Stopping...' : "Don't send"}
                </Button>
              )}
            </Actions>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>;
}

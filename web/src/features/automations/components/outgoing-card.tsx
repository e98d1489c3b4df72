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
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useId } from 'react';
import type { OutgoingMessage } from '@shared/api-types';
import { SpreadRow } from '@/components/ui/spread-row';
import { ProgressLine } from '@/components/ui/spinner';
import { CHANNEL_NAMES, occasionName, queueStatus } from '../automation-text';
import { TodayContactActions, TodayPhoneDecisions, type OnEmail } from './today-item-actions';
import { Actions, type CardPartProps } from './outgoing-card-parts';
import { useOutgoingCard } from './use-outgoing-card';
import { ClientLink } from '@/components/ui/client-link';

// The edit form (MUI's text fields, and the schema that checks the edit) loads when a draft is edited, not with the
// page: most visits approve or skip.
const DraftForm = lazy(() => import('./outgoing-draft-form').then((m) => ({ default: m.DraftForm })));
const loadDraftForm = () => void import('./outgoing-draft-form');

type OutgoingCardProps = {
  message: OutgoingMessage;
  /** Another action holds the queue ("Approve all" runs): the card's own buttons wait. */
  locked: boolean;
  /** Opens the composer for the card's client (E-mail). */
  onEmail?: OnEmail;
};

export function OutgoingCard({ message, locked, onEmail }: OutgoingCardProps) {
  const headingId = useId();
  const awaiting = message.status === 'awaiting-approval';
  const isEmail = message.channel === 'email';
  const card = useOutgoingCard(message);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const working = locked || card.isApproving || card.isSkipping;
  const ChannelIcon = isEmail ? EmailOutlined : SmsOutlined;

  return (
    <Card component="article" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <SpreadRow align="flex-start">
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
              <ClientLink id={message.clientId} name={message.clientName} />
            </Typography>
            <Typography
              variant="muted"
              sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75 }}
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
        </SpreadRow>
        {message.note ? (
          <Alert severity="info" icon={<InfoOutlined fontSize="inherit" />} role="note">
            {message.note}
          </Alert>
        ) : null}
        {card.editing ? (
          <Suspense fallback={<ProgressLine>Opening the editor…</ProgressLine>}>
            <DraftForm message={message} card={card} working={working} />
          </Suspense>
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
            <TodayContactActions message={message} card={card} working={working} onEmail={onEmail} />
            {isPhone && awaiting ? (
              <TodayPhoneDecisions message={message} card={card} working={working} />
            ) : (
              <MessageActions message={message} card={card} working={working} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Approve, Edit and Skip while the message waits for approval; Don't send once it is scheduled. */
function MessageActions({ message, card, working }: CardPartProps) {
  if (message.status !== 'awaiting-approval') {
    return (
      <Actions>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DoNotDisturbAltOutlined />}
          onClick={() => void card.skip()}
          disabled={working}
        >
          {card.isSkipping ? 'Stopping...' : "Don't send"}
        </Button>
      </Actions>
    );
  }
  return (
    <Actions>
      <Button variant="contained" startIcon={<CheckRounded />} onClick={() => void card.approve()} disabled={working}>
        {card.isApproving ? 'Sending...' : 'Approve'}
      </Button>
      <Button
        variant="outlined"
        startIcon={<EditOutlined />}
        onClick={card.startEditing}
        onPointerEnter={loadDraftForm}
        onFocus={loadDraftForm}
        disabled={working}
      >
        Edit
      </Button>
      <Button onClick={() => void card.skip()} disabled={working}>
        {card.isSkipping ? 'Skipping...' : 'Skip'}
      </Button>
    </Actions>
  );
}

// One-tap actions on an item of Today, for the agent between showings: Call and Text hand the
// client's number to the phone (Text with the draft as the message), E-mail opens the composer, and
// Snooze puts a waiting message off until tomorrow morning. On a phone a waiting message's own buttons
// become Send draft, Edit and Done (the agent reached the client another way: the draft is not sent).
import CheckRounded from '@mui/icons-material/CheckRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Snooze from '@mui/icons-material/Snooze';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, type ReactNode } from 'react';
import type { OutgoingMessage } from '@shared/api-types';
import { DRAFT_OCCASIONS, type DraftOccasion } from '@shared/draft-occasions';
import { useToast } from '@/components/ui/toast/use-toast';
import { isApplePhone, smsHref, telHref } from '@/lib/contact-links';
import { sendErrorMessage } from '@/lib/email-verification';
import { useSnoozeOutgoing } from '../api/outgoing-actions';
import { firstNameOf } from '../automation-text';
import type { OutgoingCardState } from './use-outgoing-card';

/** Opens the composer for a client (the page supplies it: another feature's). */
export type OnEmail = (clientId: string, occasion: DraftOccasion) => void;

type TodayItemActionsProps = {
  message: OutgoingMessage;
  card: OutgoingCardState;
  working: boolean;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {children}
    </Box>
  );
}

/** Call, Text, E-mail and Snooze, at every width. */
export function TodayContactActions({
  message,
  card,
  working,
  onEmail,
}: TodayItemActionsProps & { onEmail?: OnEmail }) {
  const snoozing = useSnoozeOutgoing();
  const { toast } = useToast();
  const name = firstNameOf(message.clientName);
  const apple = useMemo(
    () => typeof navigator !== 'undefined' && isApplePhone(navigator.userAgent, navigator.maxTouchPoints),
    [],
  );
  const awaiting = message.status === 'awaiting-approval';

  const handleSnooze = async () => {
    try {
      await snoozing.trigger(message.id);
      toast({ title: 'Snoozed until tomorrow', description: `${name} is back on Today at 8:00.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Not snoozed', description: sendErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Row label={`Reach ${message.clientName}`}>
      {message.clientPhone ? (
        <>
          <Button
            variant="outlined"
            size="small"
            href={telHref(message.clientPhone)}
            startIcon={<PhoneOutlined />}
            aria-label={`Call ${message.clientName}`}
          >
            Call
          </Button>
          <Button
            variant="outlined"
            size="small"
            href={smsHref(message.clientPhone, message.body, apple)}
            startIcon={<SmsOutlined />}
            aria-label={`Text ${message.clientName}`}
          >
            Text
          </Button>
        </>
      ) : null}
      {message.clientEmail && onEmail ? (
        <Button
          variant="outlined"
          size="small"
          onClick={() => onEmail(message.clientId, occasionOf(message))}
          startIcon={<EmailOutlined />}
          aria-label={`E-mail ${message.clientName}`}
        >
          E-mail
        </Button>
      ) : null}
      {awaiting ? (
        <Button
          size="small"
          onClick={() => void handleSnooze()}
          disabled={working || card.editing || snoozing.isMutating}
          startIcon={<Snooze />}
        >
          {snoozing.isMutating ? 'Snoozing...' : 'Snooze'}
        </Button>
      ) : null}
    </Row>
  );
}

/** The composer's occasion for a queued message: its own when the composer knows it. */
function occasionOf(message: OutgoingMessage): DraftOccasion {
  return (DRAFT_OCCASIONS as readonly string[]).includes(message.occasion ?? '')
    ? (message.occasion as DraftOccasion)
    : 'custom';
}

/** A waiting message's decisions on a phone: Send draft, Edit and Done. */
export function TodayPhoneDecisions({ message, card, working }: TodayItemActionsProps) {
  return (
    <Row label={`Decide on the message to ${message.clientName}`}>
      <Button variant="contained" startIcon={<CheckRounded />} onClick={() => void card.approve()} disabled={working}>
        {card.isApproving ? 'Sending...' : 'Send draft'}
      </Button>
      <Button variant="outlined" startIcon={<EditOutlined />} onClick={card.startEditing} disabled={working}>
        Edit
      </Button>
      <Button startIcon={<TaskAltRounded />} onClick={() => void card.skip({ done: true })} disabled={working}>
        {card.isSkipping ? 'Saving...' : 'Done'}
      </Button>
    </Row>
  );
}

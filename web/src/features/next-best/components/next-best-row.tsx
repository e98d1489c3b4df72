// One suggestion of Today's list: the client (a link to their page) and their tier, why a touch matters today, and
// one tap to reach them (Call, Text, E-mail, or "Write it for me" on Pro) or to decide on it (Done, Snooze, Dismiss).
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { DraftOccasion } from '@shared/draft-occasions';
import type { NextBestChannel, NextBestItem } from '@shared/next-best';
import { ClientLink } from '@/components/ui/client-link';
import { SpreadRow } from '@/components/ui/spread-row';
import { smsHref, telHref } from '@/lib/contact-links';
import { CHANNEL_HINTS, TIER_LABELS } from '../next-best-text';
import { NextBestDecisions } from './next-best-decisions';
import { ROW_ATTRIBUTE, type NextBestActions } from './use-next-best-actions';

/** Opens the composer for a client (the page supplies it: another feature's). */
export type OnEmail = (clientId: string, occasion: DraftOccasion) => void;
/** Opens the composer for a client and asks for the suggestion's draft at once. */
export type OnWrite = (
  clientId: string,
  occasion: DraftOccasion,
  draft: { instructions: string; channel: 'email' | 'sms' },
) => void;

type NextBestRowProps = { item: NextBestItem; actions: NextBestActions; onEmail: OnEmail; onWrite: OnWrite };

/** The preferred way in is the filled button. */
const emphasis = (item: NextBestItem, channel: NextBestChannel) =>
  item.channel === channel ? 'contained' : 'outlined';

function ContactActions({ item, onEmail, onWrite }: Omit<NextBestRowProps, 'actions'>) {
  const { name, phone, email, draft } = item;
  const draftChannel = item.channel === 'sms' || !email ? 'sms' : 'email';
  return (
    <Box role="group" aria-label={`Reach ${name}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {phone ? (
        <>
          <Button
            size="small"
            variant={emphasis(item, 'call')}
            href={telHref(phone)}
            startIcon={<PhoneOutlined />}
            aria-label={`Call ${name}`}
          >
            Call
          </Button>
          <Button
            size="small"
            variant={emphasis(item, 'sms')}
            href={smsHref(phone, undefined, false)}
            startIcon={<SmsOutlined />}
            aria-label={`Text ${name}`}
          >
            Text
          </Button>
        </>
      ) : null}
      {email ? (
        <Button
          size="small"
          variant={emphasis(item, 'email')}
          onClick={() => onEmail(item.clientId, draft.occasion)}
          startIcon={<EmailOutlined />}
          aria-label={`E-mail ${name}`}
        >
          E-mail
        </Button>
      ) : null}
      {item.draftable ? (
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          onClick={() =>
            onWrite(item.clientId, draft.occasion, { instructions: draft.instructions, channel: draftChannel })
          }
          startIcon={<AutoAwesomeRounded />}
          aria-label={`Write it for me: a message to ${name}`}
        >
          Write it for me
        </Button>
      ) : null}
    </Box>
  );
}

export function NextBestRow({ item, actions, onEmail, onWrite }: NextBestRowProps) {
  const tier = TIER_LABELS[item.tier];
  return (
    <Box component="li" {...{ [ROW_ATTRIBUTE]: item.clientId }} sx={{ display: 'grid', gap: 1.25, py: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <Typography component="h3" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
          <ClientLink id={item.clientId} name={item.name} />
        </Typography>
        {tier ? (
          <Chip
            size="small"
            label={tier}
            color={item.tier === 'advocate' ? 'secondary' : 'default'}
            variant={item.tier === 'advocate' ? 'filled' : 'outlined'}
          />
        ) : null}
        <Typography variant="muted" component="span">
          {CHANNEL_HINTS[item.channel]}
        </Typography>
      </Box>
      <Box>
        {item.reasons.map((reason, index) => (
          <Typography
            key={`${reason.code}-${index}`}
            variant={index === 0 ? 'body2' : 'muted'}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {reason.text}
          </Typography>
        ))}
      </Box>
      <SpreadRow gap={2} rowGap={1}>
        <ContactActions item={item} onEmail={onEmail} onWrite={onWrite} />
        <NextBestDecisions item={item} actions={actions} />
      </SpreadRow>
    </Box>
  );
}

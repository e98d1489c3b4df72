// The client's page, the part that is the client: how to reach them (one tap to call, text or e-mail), the dates
// that matter (the three of the spec and the agent's own), tags, keep-in-touch rhythm, time zone, consent and
// opt-outs, and where their review stands. Each section is a card named by its heading.
import CakeOutlined from '@mui/icons-material/CakeOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, type ComponentType, type ReactNode } from 'react';
import type { Client } from '@shared/api-types';
import { nextOccurrence, reminderEvents } from '@shared/reminders';
import { smsConsentText } from '@shared/sms-consent';
import { LabelledValue } from '@/components/ui/labelled-value';
import { PlainList } from '@/components/ui/plain-list';
import { browserToday, daysAwayLabel, formatCalendarDate, formatTimestamp } from '@/lib/dates';

type IconType = ComponentType<{ fontSize?: 'small' }>;

/** A card of the page, named by its h2. */
export function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={headingId} component="h2" variant="h3">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function InfoRow({ icon: Icon, label, children }: { icon: IconType; label: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, minWidth: 0 }}>
      <Box aria-hidden="true" sx={{ color: 'text.secondary', display: 'flex', mt: 0.25 }}>
        <Icon fontSize="small" />
      </Box>
      <LabelledValue label={label}>{children}</LabelledValue>
    </Box>
  );
}

/** The number as a tel:/sms: link takes it: digits and a leading +. */
const dialable = (phone: string) => phone.replace(/[^\d+]/g, '');

/** What the phone number offers: a call and a text, each by its link. */
const PHONE_ACTIONS = [
  { verb: 'Call', scheme: 'tel', Icon: PhoneOutlined },
  { verb: 'Text', scheme: 'sms', Icon: SmsOutlined },
] as const;

type ClientContactProps = {
  client: Client;
  /** E-mail: the composer, so the message is in the client's activity. */
  onEmail: (client: Client) => void;
};

export function ClientContact({ client, onEmail }: ClientContactProps) {
  const number = dialable(client.phone);
  return (
    <ProfileCard title="Contact">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {PHONE_ACTIONS.map(({ verb, scheme, Icon }) => (
          <Button
            key={verb}
            variant="outlined"
            startIcon={<Icon />}
            href={`${scheme}:${number}`}
            aria-label={`${verb} ${client.name}`}
          >
            {verb}
          </Button>
        ))}
        <Button
          variant="outlined"
          startIcon={<EmailOutlined />}
          onClick={() => onEmail(client)}
          aria-label={`E-mail ${client.name}`}
        >
          E-mail
        </Button>
      </Box>
      <PlainList gap={1.25}>
        <InfoRow icon={EmailOutlined} label="Email">
          <Link href={`mailto:${client.email}`} sx={{ overflowWrap: 'anywhere' }}>
            {client.email}
          </Link>
        </InfoRow>
        <InfoRow icon={PhoneOutlined} label="Phone">
          <Link href={`tel:${number}`}>{client.phone}</Link>
        </InfoRow>
        {client.address ? (
          <InfoRow icon={PlaceOutlined} label="Address">
            {client.address}
          </InfoRow>
        ) : null}
        <InfoRow icon={ScheduleRounded} label="Time zone">
          {client.timeZone ?? 'Not set (your own time zone is used)'}
        </InfoRow>
      </PlainList>
    </ProfileCard>
  );
}

const DATE_ROWS = [
  { field: 'birthday', label: 'Birthday', icon: CakeOutlined, kind: 'birthday' },
  { field: 'anniversary', label: 'Anniversary', icon: FavoriteBorderRounded, kind: 'anniversary' },
  { field: 'purchaseDate', label: 'Purchase Date', icon: HomeOutlined, kind: 'home' },
] as const;

function NextLine({ text }: { text: string }) {
  return (
    <Typography component="span" variant="muted" sx={{ display: 'block' }}>
      {text}
    </Typography>
  );
}

/** "Next: Mar 14, 2026 (in 12 days)". */
const nextText = (label: string, today: string, date: string) =>
  `${label}: ${formatCalendarDate(date)} (${daysAwayLabel(today, date).toLowerCase()})`;

export function ClientKeyDates({ client, onEdit }: { client: Client; onEdit: () => void }) {
  const today = browserToday();
  const next = new Map(reminderEvents(client, today).map((event) => [event.kind, event]));
  const rows = DATE_ROWS.filter((row) => client[row.field]);
  const empty = rows.length === 0 && client.keyDates.length === 0 && !client.lastContactDate;

  return (
    <ProfileCard title="Key Dates">
      {empty ? (
        <Typography variant="muted">
          No dates yet.{' '}
          <Link component="button" type="button" onClick={onEdit} sx={{ verticalAlign: 'baseline' }}>
            Add a birthday, anniversary or purchase date
          </Link>{' '}
          to get reminders.
        </Typography>
      ) : (
        <PlainList gap={1.25} sx={{ gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {rows.map((row) => {
            const event = next.get(row.kind);
            return (
              <InfoRow key={row.field} icon={row.icon} label={row.label}>
                {formatCalendarDate(client[row.field]!)}
                {event ? (
                  <NextLine text={nextText(event.kind === 'home' ? event.type : 'Next', today, event.date)} />
                ) : null}
              </InfoRow>
            );
          })}
          {client.keyDates.map((keyDate) => (
            <InfoRow key={`${keyDate.label}-${keyDate.date}`} icon={EventOutlined} label={keyDate.label}>
              {formatCalendarDate(keyDate.date)}
              <NextLine text={nextText('Next', today, nextOccurrence(keyDate.date, today))} />
            </InfoRow>
          ))}
          {client.lastContactDate ? (
            <InfoRow icon={EventAvailableOutlined} label="Last Contact">
              {formatTimestamp(client.lastContactDate)}
            </InfoRow>
          ) : null}
        </PlainList>
      )}
    </ProfileCard>
  );
}

/** "Every 30 days", or "No rhythm" while none is set. */
export const rhythmText = (cadenceDays: number | null): string =>
  cadenceDays === null ? 'No rhythm' : `Every ${cadenceDays} ${cadenceDays === 1 ? 'day' : 'days'}`;

export function ClientTagsAndRhythm({ client }: { client: Client }) {
  return (
    <ProfileCard title="Tags and Rhythm">
      {client.tags.length > 0 ? (
        <PlainList aria-label="Tags" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {client.tags.map((tag) => (
            <li key={tag}>
              <Chip label={tag} size="small" sx={{ maxWidth: '100%' }} />
            </li>
          ))}
        </PlainList>
      ) : (
        <Typography variant="muted">No tags.</Typography>
      )}
      <Typography>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Keep in touch:{' '}
        </Box>
        {rhythmText(client.cadenceDays)}
      </Typography>
    </ProfileCard>
  );
}

/** Consent to texts and opt-outs; `children`: what other features add (pausing automatic messages). */
export function ClientConsent({ client, children }: { client: Client; children?: ReactNode }) {
  const { smsConsent } = client;
  return (
    <ProfileCard title="Consent and Opt-outs">
      <PlainList gap={1}>
        <li>
          <Typography>{smsConsentText(smsConsent.status, smsConsent.source)}</Typography>
          {smsConsent.at ? <Typography variant="muted">Since {formatTimestamp(smsConsent.at)}</Typography> : null}
        </li>
        <li>
          <Typography>{client.smsOptedOut ? 'Opted out of texts' : 'Not opted out of texts'}</Typography>
        </li>
        <li>
          <Typography>{client.emailOptedOut ? 'Opted out of e-mail' : 'Not opted out of e-mail'}</Typography>
        </li>
      </PlainList>
      {children}
    </ProfileCard>
  );
}

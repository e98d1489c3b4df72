// One client at a glance: achievements, contact details, key dates and where their review stands.
// Other features add review actions and testimonials through the render props.
import CakeOutlined from '@/components/icons/CakeOutlined';
import CloseRounded from '@/components/icons/CloseRounded';
import EditOutlined from '@/components/icons/EditOutlined';
import EmailOutlined from '@/components/icons/EmailOutlined';
import EventAvailableOutlined from '@/components/icons/EventAvailableOutlined';
import FavoriteBorderRounded from '@/components/icons/FavoriteBorderRounded';
import HomeOutlined from '@/components/icons/HomeOutlined';
import HomeRounded from '@/components/icons/HomeRounded';
import PhoneOutlined from '@/components/icons/PhoneOutlined';
import PlaceOutlined from '@/components/icons/PlaceOutlined';
import StarRounded from '@/components/icons/StarRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ComponentType, type ReactNode } from 'react';
import type { Client, ClientMilestone } from '@shared/api-types';
import { profileCompletion } from '@shared/completion';
import { reminderEvents } from '@shared/reminders';
import { PlainList } from '@/components/ui/plain-list';
import { browserToday, daysAwayLabel, formatCalendarDate, formatTimestamp } from '@/lib/dates';
import { useClientMilestones } from '../api/get-client-milestones';
import { ClientReview } from './client-review';

type ClientDetailDialogProps = {
  client: Client | null;
  onClose: () => void;
  onEdit: (client: Client) => void;
  /** What the reviews feature adds (Request Review), beside Check Review while no review is in. */
  renderReviewActions?: (client: Client) => ReactNode;
  /** The client's video testimonials: the body of the section 'Video Testimonials'. */
  renderTestimonials?: (client: Client) => ReactNode;
  /** More actions beside Edit (Send a message). */
  renderActions?: (client: Client) => ReactNode;
  /** The body of the last section, 'Activity': messages sent and calls logged. */
  renderActivity?: (client: Client) => ReactNode;
};

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase();
}

export function ClientDetailDialog({ client, ...props }: ClientDetailDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();

  return (
    <Dialog
      open={Boolean(client)}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {client ? <ClientDetail client={client} titleId={titleId} {...props} /> : null}
    </Dialog>
  );
}

function ClientDetail({
  client,
  titleId,
  onClose,
  onEdit,
  renderReviewActions,
  renderTestimonials,
  renderActions,
  renderActivity,
}: Omit<ClientDetailDialogProps, 'client'> & { client: Client; titleId: string }) {
  const completion = profileCompletion(client);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, px: 3, pt: 3, pb: 2 }}>
        <Avatar sx={{ width: 52, height: 52, bgcolor: 'primary.main', fontWeight: 700 }} aria-hidden="true">
          {initials(client.name)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.375rem', overflowWrap: 'anywhere' }}>
            {client.name}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1 }}>
            <LinearProgress
              variant="determinate"
              value={completion}
              aria-label="Profile completion"
              color={completion === 100 ? 'success' : 'primary'}
              sx={{ flex: 1, maxWidth: 180, height: 6, borderRadius: 3 }}
            />
            <Typography variant="muted" sx={{ whiteSpace: 'nowrap' }}>
              {completion}% complete
            </Typography>
          </Box>
        </Box>
        <IconButton aria-label="Close details" onClick={onClose} sx={{ mt: -0.5, mr: -1 }}>
          <CloseRounded />
        </IconButton>
      </Box>
      <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
        <Section title="Achievements">
          <Achievements clientId={client.id} />
        </Section>
        <Section title="Contact Information">
          <PlainList gap={1.25}>
            <InfoRow icon={EmailOutlined} label="Email">
              <Link href={`mailto:${client.email}`} sx={{ overflowWrap: 'anywhere' }}>
                {client.email}
              </Link>
            </InfoRow>
            <InfoRow icon={PhoneOutlined} label="Phone">
              <Link href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}>{client.phone}</Link>
            </InfoRow>
            {client.address ? (
              <InfoRow icon={PlaceOutlined} label="Address">
                {client.address}
              </InfoRow>
            ) : null}
          </PlainList>
        </Section>
        <Section title="Important Dates">
          <ImportantDates client={client} onEdit={() => onEdit(client)} />
        </Section>
        <Section title="Review Status">
          <ClientReview client={client} renderReviewActions={renderReviewActions} />
        </Section>
        {renderTestimonials ? <Section title="Video Testimonials">{renderTestimonials(client)}</Section> : null}
        {renderActivity ? <Section title="Activity">{renderActivity(client)}</Section> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        {renderActions?.(client)}
        <Button startIcon={<EditOutlined />} onClick={() => onEdit(client)}>
          Edit
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        component="h3"
        variant="overline"
        sx={{ display: 'block', mb: 1.25, color: 'text.secondary', lineHeight: 1.5 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function InfoRow({
  icon: Icon,
  label,
  children,
}: {
  icon: ComponentType<{ fontSize?: 'small' }>;
  label: string;
  children: ReactNode;
}) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
      <Box aria-hidden="true" sx={{ color: 'text.secondary', display: 'flex', mt: 0.25 }}>
        <Icon fontSize="small" />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="muted" sx={{ lineHeight: 1.3 }}>
          {label}
        </Typography>
        <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
      </Box>
    </Box>
  );
}

function Achievements({ clientId }: { clientId: string }) {
  const { milestones, isLoading, error } = useClientMilestones(clientId);

  if (isLoading && !milestones) {
    return (
      <Box sx={{ display: 'flex', gap: 1 }} role="status" aria-busy="true" aria-label="Loading achievements">
        <Skeleton variant="rounded" width={140} height={32} />
        <Skeleton variant="rounded" width={120} height={32} />
      </Box>
    );
  }
  if (error) {
    return <Typography variant="muted">Achievements could not be loaded right now.</Typography>;
  }
  if (!milestones || milestones.length === 0) {
    return (
      <Typography variant="muted">
        No achievements yet. They are earned as the profile fills in, a review arrives and home anniversaries pass.
      </Typography>
    );
  }
  return (
    <PlainList sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {milestones.map((milestone) => (
        <li key={`${milestone.type}-${milestone.achievedAt}`}>
          <MilestoneBadge milestone={milestone} />
        </li>
      ))}
    </PlainList>
  );
}

function MilestoneBadge({ milestone }: { milestone: ClientMilestone }) {
  const Icon = milestone.icon === 'Home' ? HomeRounded : StarRounded;
  const tone = milestone.icon === 'Home' ? 'primary' : 'secondary';
  return (
    <Tooltip
      arrow
      title={
        <>
          <Box>{milestone.description}</Box>
          <Box sx={{ opacity: 0.85 }}>Achieved on {formatTimestamp(milestone.achievedAt)}</Box>
        </>
      }
    >
      <Box
        tabIndex={0}
        sx={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          pl: 0.75,
          pr: 1.5,
          py: 0.5,
          borderRadius: 99,
          fontSize: '0.875rem',
          fontWeight: 650,
          color: theme.palette[tone].dark,
          bgcolor: alpha(theme.palette[tone].main, 0.1),
          border: `1px solid ${alpha(theme.palette[tone].main, 0.25)}`,
          cursor: 'default',
        })}
      >
        <Box
          aria-hidden="true"
          sx={{
            width: 22,
            height: 22,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: `${tone}.main`,
            color: '#fff',
          }}
        >
          <Icon sx={{ fontSize: 15 }} />
        </Box>
        {milestone.name}
      </Box>
    </Tooltip>
  );
}

const DATE_ROWS = [
  { field: 'birthday', label: 'Birthday', icon: CakeOutlined, kind: 'birthday' },
  { field: 'anniversary', label: 'Anniversary', icon: FavoriteBorderRounded, kind: 'anniversary' },
  { field: 'purchaseDate', label: 'Purchase Date', icon: HomeOutlined, kind: 'home' },
] as const;

function ImportantDates({ client, onEdit }: { client: Client; onEdit: () => void }) {
  const today = browserToday();
  const next = new Map(reminderEvents(client, today).map((event) => [event.kind, event]));
  const rows = DATE_ROWS.filter((row) => client[row.field]);

  if (rows.length === 0 && !client.lastContactDate) {
    return (
      <Typography variant="muted">
        No dates yet.{' '}
        <Link component="button" type="button" onClick={onEdit} sx={{ verticalAlign: 'baseline' }}>
          Add a birthday, anniversary or purchase date
        </Link>{' '}
        to get reminders.
      </Typography>
    );
  }

  return (
    <PlainList
      gap={1.25}

      sx={{ gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {rows.map((row) => {
        const event = next.get(row.kind);
        return (
          <InfoRow key={row.field} icon={row.icon} label={row.label}>
            {formatCalendarDate(client[row.field]!)}
            {event ? (
              <Typography component="span" variant="muted" sx={{ display: 'block' }}>
                {event.kind === 'home' ? event.type : 'Next'}: {formatCalendarDate(event.date)} (
                {daysAwayLabel(today, event.date).toLowerCase()})
              </Typography>
            ) : null}
          </InfoRow>
        );
      })}
      {client.lastContactDate ? (
        <InfoRow icon={EventAvailableOutlined} label="Last Contact">
          {formatTimestamp(client.lastContactDate)}
        </InfoRow>
      ) : null}
    </PlainList>
  );
}

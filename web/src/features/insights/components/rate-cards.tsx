// The period's outcomes, one small card each: key dates messaged, the review funnel, invitations,
// and the clients who opted out or whose e-mail bounced.
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import UnsubscribeOutlined from '@mui/icons-material/UnsubscribeOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Insights } from '@shared/api-types';
import { SectionCard } from '@/components/ui/section-card';
import { medianDaysText, numberText } from '../insights-text';
import { Figure, FigureList, FunnelArrow, Headline, RateLine } from './figures';

type Totals = Insights['totals'];

export function OccasionsCard({ occasions }: { occasions: Totals['occasions'] }) {
  return (
    <SectionCard
      icon={<CelebrationOutlined />}
      title="Occasions handled"
      subtitle="Birthdays and anniversaries that came round"
    >
      <Headline>
        <strong>{numberText(occasions.messaged)}</strong> of <strong>{numberText(occasions.due)}</strong> key dates
        messaged
      </Headline>
      <RateLine rate={occasions.rate} word="messaged" />
    </SectionCard>
  );
}

type FunnelCardProps = {
  icon: ReactNode;
  title: string;
  subtitle: string;
  /** The first step and the second, with their counts: ['requested', 5], ['submitted', 2]. */
  from: readonly [string, number];
  to: readonly [string, number];
  rate: number | null;
  /** A line under the rate. */
  note?: ReactNode;
};

/** Two steps, how many got from the first to the second, and the rate. */
function FunnelCard({ icon, title, subtitle, from, to, rate, note }: FunnelCardProps) {
  return (
    <SectionCard icon={icon} title={title} subtitle={subtitle}>
      <Headline>
        <strong>{numberText(from[1])}</strong> {from[0]}
        <FunnelArrow />
        <strong>{numberText(to[1])}</strong> {to[0]}
      </Headline>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <RateLine rate={rate} word={to[0]} />
        {note ? <Typography variant="muted">{note}</Typography> : null}
      </Box>
    </SectionCard>
  );
}

export function ReviewsCard({ reviews }: { reviews: Totals['reviews'] }) {
  return (
    <FunnelCard
      icon={<RateReviewOutlined />}
      title="Review funnel"
      subtitle="Clients you asked: who opened the review link, and who reviewed"
      from={['requested', reviews.requested]}
      to={['reviewed', reviews.reviewed]}
      rate={reviews.rate}
      note={`${reviews.clicked} opened the review link · from request to review: ${medianDaysText(reviews.medianDays)}`}
    />
  );
}

export function InvitationsCard({ invitations }: { invitations: Totals['invitations'] }) {
  return (
    <FunnelCard
      icon={<MarkEmailReadOutlined />}
      title="Invitations"
      subtitle="Clients you invited to add their details"
      from={['sent', invitations.sent]}
      to={['completed', invitations.completed]}
      rate={invitations.rate}
    />
  );
}

export function OptOutsCard({ optOuts, bounces }: { optOuts: number; bounces: number }) {
  return (
    <SectionCard
      icon={<UnsubscribeOutlined />}
      title="Opt-outs and bounces"
      subtitle="Clients who unsubscribed or replied STOP, and e-mails that did not arrive"
    >
      <FigureList label="Opt-outs and bounces in the period" minWidth={110}>
        <Figure label="Opt-outs" value={optOuts} />
        <Figure label="Bounces" value={bounces} />
      </FigureList>
    </SectionCard>
  );
}

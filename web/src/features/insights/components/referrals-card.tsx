// Referrals: who sends the agent new clients (the top referrers, each a link to their page, with their tier), and the
// clients added with a referrer in each of the last 12 months as one bar a month. The bars are a picture: the same
// numbers come as a table for screen readers.
import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReferralInsights } from '@shared/next-best';
import { ClientLink } from '@/components/ui/client-link';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { countText } from '@/lib/count-text';
import { formatMonthYear, formatShortMonth } from '@/lib/dates';
import { numberText } from '../insights-text';
import { BarRow, BarTrack, Figure, FigureList, ListEntry, ScreenReaderTable } from './figures';

export const NO_REFERRALS =
  "No referrals yet. Set who referred a client in the client's form, or share a client's referral link from their page.";

const TIERS = { advocate: 'Advocate', fan: 'Fan', other: null } as const;

function TopReferrers({ referrers }: { referrers: ReferralInsights['topReferrers'] }) {
  if (referrers.length === 0) return <Typography variant="muted">{NO_REFERRALS}</Typography>;
  return (
    <PlainList ordered aria-label="Top referrers">
      {referrers.map((referrer) => (
        <ListEntry key={referrer.clientId} sx={{ columnGap: 1, rowGap: 0.5, py: 1 }}>
          <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>
            <ClientLink id={referrer.clientId} name={referrer.name} />
          </Typography>
          {TIERS[referrer.tier] ? <Chip size="small" variant="outlined" label={TIERS[referrer.tier]} /> : null}
          <Typography variant="muted" sx={{ ml: 'auto' }}>
            {countText(referrer.referrals, 'referral', 'referrals')}
          </Typography>
        </ListEntry>
      ))}
    </PlainList>
  );
}

function MonthBars({ months }: { months: ReferralInsights['byMonth'] }) {
  const largest = Math.max(1, ...months.map((month) => month.referred));
  return (
    <>
      <Box aria-hidden="true" sx={{ display: 'grid', gap: 0.75 }}>
        {months.map((month) => (
          <BarRow
            key={month.month}
            columns="4.5rem minmax(0, 1fr) 2rem"
            label={`${formatShortMonth(month.month)} ${month.month.slice(0, 4)}`}
            value={numberText(month.referred)}
          >
            <BarTrack>
              <Box sx={{ height: '100%', width: `${(month.referred / largest) * 100}%`, bgcolor: 'secondary.main' }} />
            </BarTrack>
          </BarRow>
        ))}
      </Box>
      <ScreenReaderTable
        caption="Clients referred per month"
        columns={['Month', 'Referred clients']}
        rows={months.map((month) => ({
          key: month.month,
          heading: formatMonthYear(month.month),
          cells: [month.referred],
        }))}
      />
    </>
  );
}

export function ReferralsCard({ referrals }: { referrals: ReferralInsights }) {
  const referred = referrals.byMonth.reduce((sum, month) => sum + month.referred, 0);
  return (
    <SectionCard
      icon={<Diversity3Outlined />}
      title="Referrals"
      subtitle="Who sends new clients your way, and the clients they sent in the last 12 months"
    >
      <FigureList label="Referrals in the last 12 months" minWidth={130}>
        <Figure label="Referred clients" value={referred} detail="in the last 12 months" />
      </FigureList>
      <Typography component="h3" variant="h4">
        Top referrers
      </Typography>
      <TopReferrers referrers={referrals.topReferrers} />
      <Typography component="h3" variant="h4">
        Referred clients by month
      </Typography>
      <MonthBars months={referrals.byMonth} />
    </SectionCard>
  );
}

// Suggested touches: how many clients Today suggested each week of the last 8 (weeks start on Monday), and how many of
// those the agent acted on, one bar a week (its length the suggestions, its fill those acted on). The bars are a
// picture: the same numbers come as a table for screen readers.
import TipsAndUpdatesOutlined from '@mui/icons-material/TipsAndUpdatesOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { ReferralInsights } from '@shared/next-best';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { numberText, percentText, weekText } from '../insights-text';
import { Headline, VISUALLY_HIDDEN } from './figures';

type Weeks = ReferralInsights['weeks'];

/** The suggestions of the weeks given, those acted on, and the share acted on ('—' when none were suggested). */
export function actedText(weeks: Weeks): { acted: number; suggested: number; rate: string } {
  const suggested = weeks.reduce((sum, week) => sum + week.suggested, 0);
  const acted = weeks.reduce((sum, week) => sum + week.acted, 0);
  return { acted, suggested, rate: percentText(suggested ? acted / suggested : null) };
}

function WeekBars({ weeks }: { weeks: Weeks }) {
  const largest = Math.max(1, ...weeks.map((week) => week.suggested));
  return (
    <Box aria-hidden="true" sx={{ display: 'grid', gap: 0.75 }}>
      {weeks.map((week) => (
        <Box
          key={week.week}
          sx={{ display: 'grid', gridTemplateColumns: '3.5rem minmax(0, 1fr) 3.5rem', alignItems: 'center', gap: 1 }}
        >
          <Typography variant="muted" sx={{ whiteSpace: 'nowrap' }}>
            {weekText(week.week)}
          </Typography>
          <Box sx={{ height: 14, borderRadius: 1, bgcolor: 'background.default', overflow: 'hidden' }}>
            <Box
              sx={{
                height: '100%',
                width: `${(week.suggested / largest) * 100}%`,
                bgcolor: (theme) => alpha(theme.palette.info.main, 0.25),
              }}
            >
              <Box
                sx={{
                  height: '100%',
                  width: `${week.suggested ? (week.acted / week.suggested) * 100 : 0}%`,
                  bgcolor: 'info.main',
                }}
              />
            </Box>
          </Box>
          <Typography variant="body2" sx={{ fontWeight: 650, textAlign: 'right', whiteSpace: 'nowrap' }}>
            {numberText(week.acted)}/{numberText(week.suggested)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Legend({ label, fill }: { label: string; fill: (theme: Theme) => string }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: fill, flexShrink: 0 }} />
      <Typography variant="muted">{label}</Typography>
    </Box>
  );
}

function WeeksTable({ weeks }: { weeks: Weeks }) {
  return (
    <Box sx={VISUALLY_HIDDEN}>
      <table>
        <caption>Suggested touches per week, and those acted on</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Suggested</th>
            <th scope="col">Acted on</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">{weekText(week.week)}</th>
              <td>{week.suggested}</td>
              <td>{week.acted}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

export function SuggestedTouchesCard({ weeks }: { weeks: Weeks }) {
  const { acted, suggested, rate } = actedText(weeks);
  return (
    <SectionCard
      icon={<TipsAndUpdatesOutlined />}
      title="Suggested touches"
      subtitle="The clients Today suggested each week, and how many you acted on"
    >
      <Headline>
        <strong>{numberText(acted)}</strong> of <strong>{numberText(suggested)}</strong> acted on ({rate}) in the last{' '}
        {weeks.length} weeks
      </Headline>
      <WeekBars weeks={weeks} />
      <PlainList aria-hidden="true" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1 }}>
        <Legend label="Acted on" fill={(theme) => theme.palette.info.main} />
        <Legend label="Suggested" fill={(theme) => alpha(theme.palette.info.main, 0.25)} />
      </PlainList>
      <WeeksTable weeks={weeks} />
    </SectionCard>
  );
}

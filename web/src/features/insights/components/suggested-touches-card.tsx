// Suggested touches: how many clients Today suggested each week of the last 8 (weeks start on Monday), and how many of
// those the agent acted on, one bar a week (its length the suggestions, its fill those acted on). The bars are a
// picture: the same numbers come as a table for screen readers.
import TipsAndUpdatesOutlined from '@mui/icons-material/TipsAndUpdatesOutlined';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ReferralInsights } from '@shared/next-best';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { numberText, percentText, weekText } from '../insights-text';
import { BarRow, BarTrack, Headline, LegendItem, ScreenReaderTable } from './figures';

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
        <BarRow
          key={week.week}
          columns="3.5rem minmax(0, 1fr) 3.5rem"
          label={weekText(week.week)}
          value={`${numberText(week.acted)}/${numberText(week.suggested)}`}
        >
          <BarTrack>
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
          </BarTrack>
        </BarRow>
      ))}
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
        <LegendItem label="Acted on" fill={(theme) => theme.palette.info.main} />
        <LegendItem label="Suggested" fill={(theme) => alpha(theme.palette.info.main, 0.25)} />
      </PlainList>
      <ScreenReaderTable
        caption="Suggested touches per week, and those acted on"
        columns={['Week of', 'Suggested', 'Acted on']}
        rows={weeks.map((week) => ({
          key: week.week,
          heading: weekText(week.week),
          cells: [week.suggested, week.acted],
        }))}
      />
    </SectionCard>
  );
}

// Touches per month: the messages the agent and their automations sent (e-mail, text) and the calls,
// meetings and notes they logged, as one stacked bar a month. The bars are a picture: the same
// numbers come as a table for screen readers.
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import type { Insights } from '@shared/api-types';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { formatMonthYear, formatShortMonth } from '@/lib/dates';
import { channelTotals, numberText, TOUCH_PARTS, touchParts } from '../insights-text';
import { BarRow, Figure, FigureList, LegendItem, ScreenReaderTable } from './figures';

const CAPTION = 'Touches per month, by channel, by you or automatic';

function channelColours(theme: Theme) {
  return { email: theme.palette.primary.main, sms: theme.palette.secondary.main, logged: theme.palette.info.main };
}

/** A part's fill: its channel's colour, striped when an automation sent it. */
function partFill(theme: Theme, part: (typeof TOUCH_PARTS)[number]): string {
  const colour = channelColours(theme)[part.channel];
  return part.auto ? `repeating-linear-gradient(135deg, ${colour} 0 3px, ${alpha(colour, 0.45)} 3px 6px)` : colour;
}

export function TouchesCard({ insights }: { insights: Insights }) {
  const theme = useTheme();
  const colours = channelColours(theme);
  const rows = insights.months.map((month) => ({ month: month.month, ...touchParts(month) }));
  const largest = Math.max(1, ...rows.map((row) => row.total));
  const channels = channelTotals(insights);
  const { total, manual, auto } = insights.totals.touches;

  return (
    <SectionCard
      icon={<ForumOutlined />}
      title="Touches per month"
      subtitle="Messages you and your automations sent, and the calls, meetings and notes you logged"
    >
      <FigureList label="Touches in the period" minWidth={130}>
        <Figure
          label="All touches"
          value={total}
          detail={`${numberText(manual)} by you · ${numberText(auto)} automatic`}
        />
        <Figure label="E-mail" value={channels.email} accent={colours.email} />
        <Figure label="Text" value={channels.sms} accent={colours.sms} />
        <Figure label="Call, meeting or note" value={channels.logged} accent={colours.logged} />
      </FigureList>

      <Box aria-hidden="true" sx={{ display: 'grid', gap: 1 }}>
        {rows.map((row) => (
          <BarRow
            key={row.month}
            columns="4.5rem minmax(0, 1fr) 2.5rem"
            label={`${formatShortMonth(row.month)} ${row.month.slice(0, 4)}`}
            value={numberText(row.total)}
          >
            <Box
              data-month={row.month}
              sx={{ display: 'flex', height: 18, borderRadius: 1, overflow: 'hidden', bgcolor: 'background.default' }}
            >
              {TOUCH_PARTS.map((part) =>
                row.parts[part.part] > 0 ? (
                  <Box
                    key={part.part}
                    title={`${part.label}: ${row.parts[part.part]}`}
                    sx={{ width: `${(row.parts[part.part] / largest) * 100}%`, background: partFill(theme, part) }}
                  />
                ) : null,
              )}
            </Box>
          </BarRow>
        ))}
      </Box>

      <PlainList aria-hidden="true" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, columnGap: 2.5 }}>
        {TOUCH_PARTS.map((part) => (
          <LegendItem key={part.part} label={part.label} fill={partFill(theme, part)} />
        ))}
      </PlainList>

      <TouchesTable insights={insights} />
    </SectionCard>
  );
}

const TABLE_PARTS: ReadonlyArray<{ label: string; value: (touches: Insights['months'][number]['touches']) => number }> =
  [
    { label: 'E-mail, by you', value: (t) => t.email.manual },
    { label: 'E-mail, automatic', value: (t) => t.email.auto },
    { label: 'Text, by you', value: (t) => t.sms.manual },
    { label: 'Text, automatic', value: (t) => t.sms.auto },
    { label: 'Calls', value: (t) => t.call },
    { label: 'Meetings', value: (t) => t.meeting },
    { label: 'Notes', value: (t) => t.note },
  ];

/** The numbers behind the bars, for screen readers. */
function TouchesTable({ insights }: { insights: Insights }) {
  return (
    <ScreenReaderTable
      caption={CAPTION}
      columns={['Month', ...TABLE_PARTS.map((part) => part.label), 'Total']}
      rows={insights.months.map((month) => ({
        key: month.month,
        heading: formatMonthYear(month.month),
        cells: [...TABLE_PARTS.map((part) => part.value(month.touches)), touchParts(month).total],
      }))}
    />
  );
}

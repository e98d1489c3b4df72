// Touches per month: the messages the agent and their automations sent (e-mail, text) and the calls,
// meetings and notes they logged, as one stacked bar a month. The bars are a picture: the same
// numbers come as a table for screen readers.
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import type { Insights } from '@shared/api-types';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { formatMonthYear, formatShortMonth } from '@/lib/dates';
import { channelTotals, numberText, TOUCH_PARTS, touchParts } from '../insights-text';
import { Figure, FigureList, VISUALLY_HIDDEN } from './figures';

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
          <Box
            key={row.month}
            sx={{ display: 'grid', gridTemplateColumns: '4.5rem minmax(0, 1fr) 2.5rem', alignItems: 'center', gap: 1 }}
          >
            <Typography variant="muted" sx={{ whiteSpace: 'nowrap' }}>
              {formatShortMonth(row.month)} {row.month.slice(0, 4)}
            </Typography>
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
            <Typography variant="body2" sx={{ fontWeight: 650, textAlign: 'right' }}>
              {numberText(row.total)}
            </Typography>
          </Box>
        ))}
      </Box>

      <PlainList aria-hidden="true" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, columnGap: 2.5 }}>
        {TOUCH_PARTS.map((part) => (
          <Box component="li" key={part.part} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ width: 14, height: 14, borderRadius: 0.5, background: partFill(theme, part), flexShrink: 0 }} />
            <Typography variant="muted">{part.label}</Typography>
          </Box>
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
    // A table is as wide as its cells whatever its own width says: the box around it clips it.
    <Box sx={VISUALLY_HIDDEN}>
      <table>
        <caption>{CAPTION}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {TABLE_PARTS.map((part) => (
              <th scope="col" key={part.label}>
                {part.label}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {insights.months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{formatMonthYear(month.month)}</th>
              {TABLE_PARTS.map((part) => (
                <td key={part.label}>{part.value(month.touches)}</td>
              ))}
              <td>{touchParts(month).total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

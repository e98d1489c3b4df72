// /automations' preview: whose birthday or anniversary comes tomorrow, so the agent sees what the
// rules will do by the morning (and which occasions are off).
import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Automations } from '@shared/api-types';
import type { AutomationRule } from '@shared/automations';
import { PlainList } from '@/components/ui/plain-list';
import { SectionCard } from '@/components/ui/section-card';
import { formatCalendarDateWithWeekday } from '@/lib/dates';
import { OCCASION_NAMES } from '../automation-text';
import { ClientLink } from '@/components/ui/client-link';

export const NOTHING_TOMORROW = 'No birthdays or anniversaries tomorrow.';

type TomorrowCardProps = {
  tomorrow: Automations['tomorrow'];
  /** The rules as saved: an occasion whose rule is off gets no message. */
  rules: readonly AutomationRule[];
};

export function TomorrowCard({ tomorrow, rules }: TomorrowCardProps) {
  const isOn = (occasion: AutomationRule['occasion']) =>
    rules.some((rule) => rule.occasion === occasion && rule.enabled);
  return (
    <Box sx={{ alignSelf: 'start' }}>
      <SectionCard
        icon={<EventOutlined />}
        title="Tomorrow"
        subtitle={<time dateTime={tomorrow.date}>{formatCalendarDateWithWeekday(tomorrow.date)}</time>}
      >
        {tomorrow.occasions.length === 0 ? (
          <Typography variant="lead">{NOTHING_TOMORROW}</Typography>
        ) : (
          <PlainList
            gap={1.5}

            aria-label="Occasions tomorrow"
          >
            {tomorrow.occasions.map((entry) => (
              <Box component="li" key={`${entry.clientId}-${entry.occasion}`} sx={{ overflowWrap: 'anywhere' }}>
                <Typography>
                  <Box component="span" sx={{ fontWeight: 650 }}>
                    <ClientLink id={entry.clientId} name={entry.clientName} />
                  </Box>{' '}
                  — {entry.label}
                </Typography>
                {isOn(entry.occasion) ? null : (
                  <Typography variant="muted">
                    No automatic message: {OCCASION_NAMES[entry.occasion].toLowerCase()} messages are off.
                  </Typography>
                )}
              </Box>
            ))}
          </PlainList>
        )}
      </SectionCard>
    </Box>
  );
}

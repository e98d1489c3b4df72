// The period of /insights: the last 3, 6 or 12 months, as toggle buttons under a visible label.
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { INSIGHTS_PERIODS, type InsightsPeriod } from '../api/get-insights';

type PeriodSelectProps = {
  value: InsightsPeriod;
  onChange: (months: InsightsPeriod) => void;
};

export function PeriodSelect({ value, onChange }: PeriodSelectProps) {
  const labelId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
      <Typography id={labelId} variant="muted" sx={{ fontWeight: 600 }}>
        Period
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value}
        aria-labelledby={labelId}
        // A click on the pressed button would clear the choice: keep it.
        onChange={(_event, months: InsightsPeriod | null) => {
          if (months !== null) onChange(months);
        }}
      >
        {INSIGHTS_PERIODS.map((months) => (
          <ToggleButton key={months} value={months} sx={{ px: 1.75, textTransform: 'none', fontWeight: 600 }}>
            {months} months
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

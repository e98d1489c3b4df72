// The client form's custom key dates: rows of a label and a date (with "Year unknown"), added and removed, at most
// KEY_DATES_MAX. Each recurs yearly in the reminders, the digest and the calendar feed.
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { FieldArray, useFormikContext } from 'formik';
import { KEY_DATE_LABEL_MAX, KEY_DATES_MAX } from '@shared/key-dates';
import { FormikTextField } from '@/components/ui/formik-text-field';
import type { RhythmFormValues } from './rhythm-form-values';

export function KeyDatesField() {
  const { values, setFieldValue } = useFormikContext<RhythmFormValues>();
  const rows = values.keyDates;
  return (
    <FieldArray name="keyDates">
      {({ push, remove }) => (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {rows.length === 0 ? (
            <Typography variant="muted">
              None yet: add the dates that matter to this client, like a child&apos;s birthday or a lease&apos;s end.
            </Typography>
          ) : null}
          {rows.map((row, index) => (
            <Box
              key={index}
              role="group"
              aria-label={`Custom date ${index + 1}`}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr auto', sm: '1.3fr 1fr auto auto' },
              }}
            >
              <FormikTextField name={`keyDates.${index}.label`} label="Label" autoComplete="off" />
              <Box sx={{ gridRow: { xs: 2, sm: 'auto' } }}>
                <FormikTextField name={`keyDates.${index}.date`} label="Date" type="date" />
              </Box>
              <FormControlLabel
                sx={{ gridRow: { xs: 2, sm: 'auto' }, mt: { sm: 1 }, mr: 0 }}
                control={
                  <Checkbox
                    checked={row.yearUnknown}
                    onChange={(event) => setFieldValue(`keyDates.${index}.yearUnknown`, event.target.checked)}
                  />
                }
                label="Year unknown"
              />
              <IconButton
                aria-label={`Remove ${row.label.trim() || `custom date ${index + 1}`}`}
                onClick={() => remove(index)}
                sx={{ mt: 1, gridRow: { xs: 1, sm: 'auto' }, gridColumn: { xs: 2, sm: 'auto' } }}
              >
                <DeleteOutlineRounded />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button
              startIcon={<AddRounded />}
              disabled={rows.length >= KEY_DATES_MAX}
              onClick={() => push({ label: '', date: '', yearUnknown: false })}
            >
              Add a date
            </Button>
            <Typography variant="muted" sx={{ mt: 0.5 }}>
              Up to {KEY_DATES_MAX}, labels up to {KEY_DATE_LABEL_MAX} characters; each comes round every year.
            </Typography>
          </Box>
        </Box>
      )}
    </FieldArray>
  );
}

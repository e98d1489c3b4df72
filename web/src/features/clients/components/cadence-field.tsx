// The client form's keep-in-touch rhythm: None, or every N days (CADENCE_DAYS). A client with a rhythm is due for a
// check-in that many days after their Last Contact, and is listed on Today.
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useFormikContext } from 'formik';
import { useId } from 'react';
import { CADENCE_DAYS } from '@shared/key-dates';
import { FormikTextField } from '@/components/ui/formik-text-field';
import type { RhythmFormValues } from './rhythm-form-values';

export function CadenceField() {
  const { values, setFieldValue } = useFormikContext<RhythmFormValues>();
  const id = useId();
  const every = values.keepInTouch === 'every';
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormControl fullWidth>
        <InputLabel htmlFor={id} shrink>
          Keep in touch
        </InputLabel>
        <NativeSelect
          input={<OutlinedInput label="Keep in touch" notched />}
          value={values.keepInTouch}
          onChange={(event) => setFieldValue('keepInTouch', event.target.value)}
          inputProps={{ id }}
        >
          <option value="none">None</option>
          <option value="every">Every N days</option>
        </NativeSelect>
      </FormControl>
      {every ? (
        <FormikTextField
          name="cadenceDays"
          label="Every how many days"
          inputMode="numeric"
          autoComplete="off"
          helperText={`From ${CADENCE_DAYS.min} to ${CADENCE_DAYS.max} days after the last contact`}
        />
      ) : null}
    </Box>
  );
}

// The client form's time zone: texts reach the client only 8:00–21:00 there; none means the agent's own zone.
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useFormikContext } from 'formik';
import { useId, useMemo } from 'react';
import { timeZoneOptions } from '@/lib/time-zones';
import type { RhythmFormValues } from './rhythm-form-values';

export function ClientTimeZoneField() {
  const { values, errors, setFieldValue, initialValues } = useFormikContext<RhythmFormValues>();
  const id = useId();
  const options = useMemo(() => timeZoneOptions([initialValues.timeZone]), [initialValues.timeZone]);
  return (
    <FormControl fullWidth error={Boolean(errors.timeZone)}>
      <InputLabel htmlFor={id} shrink>
        Time zone
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput label="Time zone" notched />}
        value={values.timeZone}
        onChange={(event) => setFieldValue('timeZone', event.target.value)}
        inputProps={{ id, 'aria-describedby': `${id}-help` }}
      >
        <option value="">Same as mine</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <FormHelperText id={`${id}-help`} sx={{ mx: 0 }}>
        {errors.timeZone ?? 'Texts reach the client between 8 am and 9 pm in this zone.'}
      </FormHelperText>
    </FormControl>
  );
}

// A time zone chosen from the list the browser knows (with the saved one and the device's, even where it does not),
// as a native <select> so phones show their own picker; an optional first option for "no zone of its own".
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useMemo, type ReactNode } from 'react';
import { timeZoneOptions } from '@/lib/time-zones';

type TimeZoneSelectProps = {
  value: string;
  onChange: (timeZone: string) => void;
  /** The zone saved so far, listed whether or not the browser knows it. */
  saved: string;
  /** This device's zone, listed as well. */
  device?: string;
  /** The label of an empty first option, if there is one. */
  noZone?: string;
  error?: string;
  /** Under the field when there is no error. */
  help: ReactNode;
};

export function TimeZoneSelect({ value, onChange, saved, device = '', noZone, error, help }: TimeZoneSelectProps) {
  const id = useId();
  const options = useMemo(() => timeZoneOptions([saved, device]), [saved, device]);
  return (
    <FormControl fullWidth error={Boolean(error)}>
      <InputLabel htmlFor={id} shrink>
        Time zone
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput label="Time zone" notched />}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ id, 'aria-describedby': `${id}-help` }}
      >
        {noZone !== undefined ? <option value="">{noZone}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <FormHelperText
        id={`${id}-help`}
        sx={{ mx: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
      >
        {error ?? help}
      </FormHelperText>
    </FormControl>
  );
}

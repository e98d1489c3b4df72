// A labelled choice from a fixed list: a native <select> inside an outlined TextField, so phones
// show their own picker.
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type SelectFieldProps<T extends string> = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children'> & {
  value: T;
  options: readonly T[];
  /** What each option reads as. */
  labels: Record<T, string>;
  onChange: (value: T) => void;
};

export function SelectField<T extends string>({ options, labels, onChange, ...props }: SelectFieldProps<T>) {
  return (
    <TextField
      select
      {...props}
      onChange={(event) => onChange(event.target.value as T)}
      slotProps={{ select: { native: true } }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </TextField>
  );
}

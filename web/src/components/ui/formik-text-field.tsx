// An outlined text field bound to a Formik field by name: value, change, blur and the touched
// error. Composed from the input parts rather than TextField, which would pull Select, Menu and
// Modal into every form's chunk.
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useField } from 'formik';
import { useId, type HTMLAttributes, type ReactNode } from 'react';

type FormikTextFieldProps = {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  autoComplete?: string;
  placeholder?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  helperText?: ReactNode;
  /** Marks the input aria-required (no asterisk in the label; the schema enforces it). */
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  /** A text area that grows from `minRows` lines. */
  multiline?: boolean;
  minRows?: number;
};

export function FormikTextField({
  name,
  label,
  helperText,
  required = false,
  inputMode,
  placeholder,
  ...inputProps
}: FormikTextFieldProps) {
  const [field, meta] = useField<string | undefined>(name);
  const id = useId();
  const helperId = `${id}-helper`;
  const showError = Boolean(meta.touched && meta.error);
  const help = showError ? meta.error : helperText;
  // A date input always shows its own mm/dd/yyyy mask, so its label sits above it.
  const shrink = placeholder || inputProps.type === 'date' ? true : undefined;

  return (
    <FormControl fullWidth error={showError} disabled={inputProps.disabled}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...inputProps}
        id={id}
        label={label}
        notched={shrink}
        placeholder={placeholder}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputProps={{
          inputMode,
          'aria-required': required || undefined,
          'aria-describedby': help ? helperId : undefined,
        }}
      />
      {help ? <FormHelperText id={helperId}>{help}</FormHelperText> : null}
    </FormControl>
  );
}

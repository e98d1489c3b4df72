// A SelectField bound to a Formik field by name. A value that is none of the options (nothing chosen yet, or a list
// that has changed) shows the first option, as a native select does: the form reads it as that one.
import { useField } from 'formik';
import { SelectField, type SelectFieldProps } from './select-field';

type FormikSelectFieldProps<T extends string> = Omit<SelectFieldProps<T>, 'value' | 'onChange'> & { name: string };

export function FormikSelectField<T extends string>({ name, ...props }: FormikSelectFieldProps<T>) {
  const [field, , helpers] = useField<T>(name);
  const value = props.options.includes(field.value) ? field.value : props.options[0];
  return <SelectField {...props} value={value ?? field.value} onChange={(next) => void helpers.setValue(next)} />;
}

// A form the app sends itself: named for screen readers, its fields checked by the app's own rules rather than the
// browser's (noValidate), and a submit (Enter, or its submit button) calling `onSubmit` instead of loading a page.
import Box, { type BoxProps } from '@mui/material/Box';

type NamedFormProps = Omit<BoxProps<'form'>, 'component' | 'onSubmit' | 'noValidate'> & {
  label: string;
  onSubmit: () => void;
};

export function NamedForm({ label, onSubmit, ...props }: NamedFormProps) {
  return (
    <Box
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      {...props}
    />
  );
}

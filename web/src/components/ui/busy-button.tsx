// A button whose action takes a while: disabled while it runs, saying what is under way ("Saving...").
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';

export type BusyButtonProps = ButtonProps & {
  busy: boolean;
  /** What the button says while its action runs. */
  busyLabel: string;
};

export function BusyButton({ busy, busyLabel, disabled = false, children, ...props }: BusyButtonProps) {
  return (
    <Button {...props} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/** A form's submit button, below its fields: across a phone's width, at the right otherwise. */
export function FormSubmitButton(props: Omit<BusyButtonProps, 'type'>) {
  return (
    <Box sx={{ display: 'flex', justifyContent: { xs: 'stretch', sm: 'flex-end' } }}>
      <BusyButton
        type="submit"
        variant="contained"
        size="large"
        sx={{ width: { xs: '100%', sm: 'auto' } }}
        {...props}
      />
    </Box>
  );
}

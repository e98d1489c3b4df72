// An alert with the one thing to do about it (Try again, Resume) as a small button at its end.
import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';

type ActionAlertProps = Omit<AlertProps, 'action'> & {
  /** The button's words. */
  actionLabel: string;
  onAction: () => void;
};

export function ActionAlert({ actionLabel, onAction, ...alert }: ActionAlertProps) {
  return (
    <Alert
      {...alert}
      action={
        <Button color="inherit" size="small" onClick={onAction}>
          {actionLabel}
        </Button>
      }
    />
  );
}

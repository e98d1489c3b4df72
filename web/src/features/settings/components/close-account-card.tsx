// The Close account card of /settings: what closing erases, then a dialog that asks for the password
// before the account is closed for good.
import NoAccountsOutlined from '@/components/icons/NoAccountsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { CLOSE_ACCOUNT_MESSAGES, closeAccountFormSchema } from '@shared/close-account';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCloseAccount } from '../api/close-account';

export const ACCOUNT_CLOSED = 'Account closed';

export function CloseAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard
      icon={<NoAccountsOutlined />}
      title="Close account"
      subtitle="Leave Hearthside and take nothing of yours with us."
    >
      <Typography>{CLOSE_ACCOUNT_MESSAGES.warning}</Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)} sx={{ justifySelf: 'start' }}>
        Close account
      </Button>
      {open ? <CloseAccountDialog onCancel={() => setOpen(false)} /> : null}
    </SectionCard>
  );
}

function CloseAccountDialog({ onCancel }: { onCancel: () => void }) {
  const titleId = useId();
  const warningId = useId();
  const { trigger, isMutating } = useCloseAccount();
  const { toast } = useToast();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await closeAccountFormSchema.validate({ password });
    } catch (invalid) {
      setProblem(errorMessage(invalid));
      return;
    }
    try {
      const closed = await trigger(password);
      toast({ title: ACCOUNT_CLOSED, description: closed.message, variant: 'success' });
    } catch (closeError) {
      setProblem(errorMessage(closeError));
    }
  };

  return (
    <Dialog open onClose={isMutating ? undefined : onCancel} aria-labelledby={titleId} aria-describedby={warningId}>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>Close your account?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning" id={warningId}>
            {CLOSE_ACCOUNT_MESSAGES.warning}
          </Alert>
          <DialogContentText>Enter your password to confirm that you want to close your account.</DialogContentText>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? ' '}
            disabled={isMutating}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={isMutating}>
            Keep my account
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={isMutating}>
            {isMutating ? 'Closing...' : 'Close my account'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

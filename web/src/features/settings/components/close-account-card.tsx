// The Close account card of /settings: what closing erases, then a dialog that asks for the password
// before the account is closed for good.
import NoAccountsOutlined from '@mui/icons-material/NoAccountsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CLOSE_ACCOUNT_MESSAGES, closeAccountFormSchema } from '@shared/close-account';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast/use-toast';
import { useCloseAccount } from '../api/close-account';

export const ACCOUNT_CLOSED = 'Account closed';

type CloseAccountValues = { password: string };

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
  const warningId = useId();
  const { trigger } = useCloseAccount();
  const { toast } = useToast();

  const handleSubmit = async ({ password }: CloseAccountValues) => {
    const closed = await trigger(password);
    toast({ title: ACCOUNT_CLOSED, description: closed.message, variant: 'success' });
  };

  return (
    <FormDialog<CloseAccountValues>
      open
      onClose={onCancel}
      title="Close your account?"
      describedBy={warningId}
      initialValues={{ password: '' }}
      validationSchema={closeAccountFormSchema}
      onSubmit={handleSubmit}
      cancelLabel="Keep my account"
      submitLabel="Close my account"
      busyLabel="Closing..."
      submitColor="error"
    >
      <Stack spacing={2}>
        <Alert severity="warning" id={warningId}>
          {CLOSE_ACCOUNT_MESSAGES.warning}
        </Alert>
        <DialogContentText>Enter your password to confirm that you want to close your account.</DialogContentText>
        <FormikTextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          required
        />
      </Stack>
    </FormDialog>
  );
}

// Invite a client by e-mail to complete their own profile (name and e-mail); 'Invitation sent'.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Form, Formik } from 'formik';
import { INVITATION_TTL_DAYS, invitationSchema, type InvitationInput } from '@shared/client-registration';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { sendErrorMessage } from '@/lib/email-verification';
import { serverFieldErrors } from '@/lib/form-errors';
import { useCreateInvitation } from '../api/create-invitation';

type InviteClientDialogProps = {
  open: boolean;
  onClose: () => void;
};

export function InviteClientDialog({ open, onClose }: InviteClientDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { trigger } = useCreateInvitation();
  const { toast } = useToast();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby="invite-client-title"
    >
      <Formik<InvitationInput>
        initialValues={{ name: '', email: '' }}
        validationSchema={invitationSchema}
        onSubmit={async (values, { setErrors, resetForm }) => {
          try {
            await trigger(invitationSchema.cast(values));
            toast({
              title: 'Invitation sent',
              description: 'The client will receive an e-mail with registration instructions.',
              variant: 'success',
            });
            resetForm();
            onClose();
          } catch (error) {
            setErrors(serverFieldErrors(error, ['name', 'email'] as const));
            toast({ title: 'Error', description: sendErrorMessage(error), variant: 'destructive' });
          }
        }}
      >
        {({ isSubmitting }) => (
          <Box component={Form} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
            <DialogTitle id="invite-client-title">Invite Client</DialogTitle>
            <DialogContent dividers>
              <Typography variant="muted" sx={{ mb: 2.5 }}>
                We will e-mail your client a personal link to complete their profile. The link works once and expires in{' '}
                {INVITATION_TTL_DAYS} days.
              </Typography>
              <Stack spacing={2.5}>
                <FormikTextField name="name" label="Name" autoComplete="off" required autoFocus />
                <FormikTextField
                  name="email"
                  label="Email"
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  required
                />
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              <Button onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Sending...' : 'Send Invitation'}
              </Button>
            </DialogActions>
          </Box>
        )}
      </Formik>
    </Dialog>
  );
}

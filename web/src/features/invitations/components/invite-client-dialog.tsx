// Invite a client by e-mail to complete their own profile (name and e-mail); 'Invitation sent'.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INVITATION_TTL_DAYS, invitationSchema, type InvitationInput } from '@shared/client-registration';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { sendErrorMessage } from '@/lib/email-verification';
import { useCreateInvitation } from '../api/create-invitation';

type InviteClientDialogProps = {
  open: boolean;
  onClose: () => void;
};

export function InviteClientDialog({ open, onClose }: InviteClientDialogProps) {
  const { trigger } = useCreateInvitation();
  const { toast } = useToast();
  const handleSubmit = useFormSubmit<InvitationInput>(
    ['name', 'email'],
    async (values, { resetForm }) => {
      await trigger(invitationSchema.cast(values));
      toast({
        title: 'Invitation sent',
        description: 'The client will receive an e-mail with registration instructions.',
        variant: 'success',
      });
      resetForm();
      onClose();
    },
    'Error',
    sendErrorMessage,
  );

  return (
    <FormDialog<InvitationInput>
      open={open}
      onClose={onClose}
      title="Invite Client"
      size="xs"
      initialValues={{ name: '', email: '' }}
      validationSchema={invitationSchema}
      onSubmit={handleSubmit}
      submitLabel="Send Invitation"
      busyLabel="Sending..."
    >
      <Typography variant="muted" sx={{ mb: 2.5 }}>
        We will e-mail your client a personal link to complete their profile. The link works once and expires in{' '}
        {INVITATION_TTL_DAYS} days.
      </Typography>
      <Stack spacing={2.5}>
        <FormikTextField name="name" label="Name" autoComplete="off" required autoFocus />
        <FormikTextField name="email" label="Email" type="email" inputMode="email" autoComplete="off" required />
      </Stack>
    </FormDialog>
  );
}

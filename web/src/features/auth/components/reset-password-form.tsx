import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import { resetConfirmSchema } from '@shared/schemas';
import { paths } from '@/config/paths';
import { BusyButton } from '@/components/ui/busy-button';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { NewPasswordField } from './account-fields';

const newPasswordSchema = resetConfirmSchema.pick(['newPassword']);

type ResetPasswordValues = { newPassword: string };

type ResetPasswordFormProps = {
  /** A well-formed token from the e-mailed link. */
  token: string;
  onSuccess: () => void;
};

export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const { trigger, isMutating } = useConfirmPasswordReset();
  const act = useToastedAction();

  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        Reset Password
      </Typography>
      <Typography variant="lead" sx={{ mt: 1, mb: 3 }}>
        Choose a new password for your account.
      </Typography>
      <Formik<ResetPasswordValues>
        initialValues={{ newPassword: '' }}
        validationSchema={newPasswordSchema}
        onSubmit={({ newPassword }) =>
          act(
            async () => {
              await trigger({ token, newPassword });
              onSuccess();
            },
            {
              done: () => ({
                title: 'Password reset',
                description: 'Your password has been updated. Log in with your new password.',
              }),
              failure: {
                title: 'Failed to reset password',
                description: 'Failed to reset password. The link may have expired.',
              },
            },
          )
        }
      >
        <Form noValidate>
          <Stack spacing={2.5}>
            <NewPasswordField name="newPassword" label="New Password" />
            <BusyButton
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              busy={isMutating}
              busyLabel="Resetting..."
            >
              Reset Password
            </BusyButton>
          </Stack>
        </Form>
      </Formik>
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.auth.getHref()} variant="body2">
          Back to Login
        </Link>
      </Box>
    </>
  );
}

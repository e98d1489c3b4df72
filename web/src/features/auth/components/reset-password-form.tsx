import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { resetConfirmSchema } from '@shared/schemas';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

const newPasswordSchema = resetConfirmSchema.pick(['newPassword']);

type ResetPasswordValues = { newPassword: string };

type ResetPasswordFormProps = {
  /** A well-formed token from the e-mailed link. */
  token: string;
  onSuccess: () => void;
};

export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const { trigger, isMutating } = useConfirmPasswordReset();
  const { toast } = useToast();

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
        onSubmit={async ({ newPassword }) => {
          try {
            await trigger({ token, newPassword });
            toast({
              title: 'Password reset',
              description: 'Your password has been updated. Log in with your new password.',
              variant: 'success',
            });
            onSuccess();
          } catch {
            toast({
              title: 'Failed to reset password',
              description: 'Failed to reset password. The link may have expired.',
              variant: 'destructive',
            });
          }
        }}
      >
        <Form noValidate>
          <Stack spacing={2.5}>
            <FormikTextField
              name="newPassword"
              label="New Password"
              type="password"
              autoComplete="new-password"
              helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
              required
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={isMutating}>
              {isMutating ? 'Resetting...' : 'Reset Password'}
            </Button>
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

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { resetRequestSchema, type ResetRequestInput } from '@shared/schemas';
import { BusyButton } from '@/components/ui/busy-button';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { EmailField } from './account-fields';

const initialValues: ResetRequestInput = { username: '' };

type ForgotPasswordFormProps = {
  /** Back to the login form: after a request was sent, or on "Back to Login". */
  onBack: () => void;
};

export function ForgotPasswordForm({ onBack }: ForgotPasswordFormProps) {
  const { trigger, isMutating } = useRequestPasswordReset();
  const act = useToastedAction();

  return (
    <Formik<ResetRequestInput>
      initialValues={initialValues}
      validationSchema={resetRequestSchema}
      onSubmit={(values) =>
        act(
          async () => {
            await trigger(resetRequestSchema.cast(values));
            onBack();
          },
          {
            done: () => ({
              title: 'Check your email',
              description: 'If an account exists with that email, you will receive password reset instructions.',
            }),
            failure: { title: 'Error', description: 'Failed to process password reset request. Please try again.' },
          },
        )
      }
    >
      <Form noValidate>
        <Stack spacing={2.5}>
          <EmailField autoComplete="email" autoFocus />
          <BusyButton type="submit" variant="contained" size="large" fullWidth busy={isMutating} busyLabel="Sending...">
            Send Reset Link
          </BusyButton>
          <Button type="button" variant="text" size="large" fullWidth onClick={onBack} disabled={isMutating}>
            Back to Login
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { resetRequestSchema, type ResetRequestInput } from '@shared/schemas';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useRequestPasswordReset } from '../api/request-password-reset';

const initialValues: ResetRequestInput = { username: '' };

type ForgotPasswordFormProps = {
  /** Back to the login form: after a request was sent, or on "Back to Login". */
  onBack: () => void;
};

export function ForgotPasswordForm({ onBack }: ForgotPasswordFormProps) {
  const { trigger, isMutating } = useRequestPasswordReset();
  const { toast } = useToast();

  return (
    <Formik<ResetRequestInput>
      initialValues={initialValues}
      validationSchema={resetRequestSchema}
      onSubmit={async (values) => {
        try {
          await trigger(resetRequestSchema.cast(values));
          toast({
            title: 'Check your email',
            description: 'If an account exists with that email, you will receive password reset instructions.',
            variant: 'success',
          });
          onBack();
        } catch {
          toast({
            title: 'Error',
            description: 'Failed to process password reset request. Please try again.',
            variant: 'destructive',
          });
        }
      }}
    >
      <Form noValidate>
        <Stack spacing={2.5}>
          <FormikTextField
            name="username"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isMutating}>
            {isMutating ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Button type="button" variant="text" size="large" fullWidth onClick={onBack} disabled={isMutating}>
            Back to Login
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { loginSchema, type LoginInput } from '@shared/schemas';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { useLogin } from '../api/login';
import { EmailField } from './account-fields';

const initialValues: LoginInput = { username: '', password: '' };

type LoginFormProps = {
  onForgotPassword: () => void;
};

/** On success the session cache holds the user and the auth route redirects. */
export function LoginForm({ onForgotPassword }: LoginFormProps) {
  const { trigger, isMutating } = useLogin();
  const { dismiss } = useToast();
  const onSubmit = useFormSubmit<LoginInput>(
    ['username', 'password'],
    async (values) => {
      await trigger(loginSchema.cast(values));
      dismiss();
    },
    'Login failed',
  );

  return (
    <Formik<LoginInput> initialValues={initialValues} validationSchema={loginSchema} onSubmit={onSubmit}>
      {({ values }) => (
        <Form noValidate>
          <Stack spacing={2.5}>
            <EmailField autoComplete="username" />
            <Box>
              <FormikTextField
                name="password"
                label="Password"
                type="password"
                autoComplete="current-password"
                required
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
                  Forgot Password?
                </Link>
              </Box>
            </Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={isMutating || !loginSchema.isValidSync(values)}
            >
              {isMutating ? 'Logging in...' : 'Login'}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

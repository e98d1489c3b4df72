import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { registerSchema } from '@shared/schemas';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { useRegister, type RegisterRequest } from '../api/register';
import { EmailField, NewPasswordField } from './account-fields';

const fields = ['fullName', 'username', 'password', 'phone'] as const;
const initialValues: RegisterRequest = { fullName: '', username: '', password: '', phone: '' };

/** On success the session cache holds the new user and the auth route redirects. */
export function RegisterForm() {
  const { trigger, isMutating } = useRegister();
  const { dismiss } = useToast();
  const onSubmit = useFormSubmit<RegisterRequest>(
    fields,
    async (values) => {
      const { fullName, username, password, phone } = registerSchema.cast(values);
      await trigger({ fullName, username, password, phone });
      dismiss();
    },
    'Registration failed',
  );

  return (
    <Formik<RegisterRequest> initialValues={initialValues} validationSchema={registerSchema} onSubmit={onSubmit}>
      <Form noValidate>
        <Stack spacing={2.5}>
          <FormikTextField name="fullName" label="Full Name" autoComplete="name" required />
          <EmailField autoComplete="email" />
          <NewPasswordField name="password" label="Password" />
          <FormikTextField
            name="phone"
            label="Cell Phone Number"
            type="tel"
            autoComplete="tel"
            placeholder="(555) 123-4567"
            required
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isMutating}>
            {isMutating ? 'Registering...' : 'Register'}
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}

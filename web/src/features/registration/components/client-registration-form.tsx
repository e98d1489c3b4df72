// The client's own registration form: from an invitation it asks phone, address,
// birthday and purchase date; after choosing a realtor it also asks Full Name and Email. Formik
// with the shared yup schemas; the server's field errors land on their fields. The consent to texts is a checkbox,
// unticked until the client ticks it, beside the exact words stored with their consent (sms-consent-checkbox.tsx).
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form, Formik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import type { ClientRegistrationResult } from '@shared/api-types';
import { invitedRegistrationSchema, selfRegistrationSchema } from '@shared/client-registration';
import { FieldGrid } from '@/components/ui/field-grid';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useToast } from '@/components/ui/toast/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { browserToday } from '@/lib/dates';
import { serverFieldErrors } from '@/lib/form-errors';
import { SmsConsentCheckbox } from './sms-consent-checkbox';
import { useRegisterClient, type ClientRegistrationInput } from '../api/register-client';

const FIELDS = ['name', 'email', 'phone', 'address', 'birthday', 'purchaseDate'] as const;
type RegistrationValues = Record<(typeof FIELDS)[number], string> & { smsConsent: boolean };

/** Refusals whose server message speaks to the visitor (the plan is full, the link is used...). */
const VISITOR_CODES = new Set([
  'AGENT_AT_CAPACITY',
  'INVITATION_INVALID',
  'INVITATION_IN_USE',
  'NOT_FOUND',
  'RATE_LIMITED',
]);

const invitedFormSchema = invitedRegistrationSchema.omit(['token']);
const selfFormSchema = selfRegistrationSchema.omit(['agentId', 'ref']);

/** An invitation's token, or the realtor chosen (`ref`: the client whose referral link the visitor followed). */
export type RegistrationTarget = { token: string } | { agentId: string; ref?: string };

type ClientRegistrationFormProps = {
  target: RegistrationTarget;
  onRegistered: (result: ClientRegistrationResult) => void;
  /** The server said the invitation is no longer good (used meanwhile, or expired). */
  onInvitationInvalid?: () => void;
};

export function ClientRegistrationForm({ target, onRegistered, onInvitationInvalid }: ClientRegistrationFormProps) {
  const { trigger } = useRegisterClient();
  const { toast } = useToast();
  const invited = 'token' in target;
  const schema = invited ? invitedFormSchema : selfFormSchema;

  const validate = async (values: RegistrationValues): Promise<FormikErrors<RegistrationValues>> => {
    try {
      await validateYupSchema(values, schema, false, { today: browserToday() });
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };

  return (
    <Formik<RegistrationValues>
      initialValues={{
        name: '',
        email: '',
        phone: '',
        address: '',
        birthday: '',
        purchaseDate: '',
        smsConsent: false,
      }}
      validate={validate}
      onSubmit={async (values, { setErrors }) => {
        const fields = schema.cast(values, {
          context: { today: browserToday() },
          assert: false,
          stripUnknown: true,
        }) as Record<string, string | boolean | undefined>;
        const input = { ...fields, ...target } as ClientRegistrationInput;
        try {
          const result = await trigger(input);
          // A directory registration for a known e-mail waits for the client's confirmation; the answer does not say
          // which it was.
          const description = invited
            ? 'Thank you! Your realtor now has your details.'
            : 'Thank you! If you were already their client, confirm your new details from the e-mail we sent you.';
          toast({ title: 'Registration complete', description, variant: 'success' });
          onRegistered(result);
        } catch (error) {
          setErrors(serverFieldErrors(error, FIELDS));
          const code = error instanceof ApiError ? error.code : undefined;
          toast({
            title: 'Registration failed',
            description: code && VISITOR_CODES.has(code) ? errorMessage(error) : 'Failed to complete registration',
            variant: 'destructive',
          });
          if (code === 'INVITATION_INVALID') onInvitationInvalid?.();
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack spacing={2.5}>
            {invited ? null : (
              <>
                <FormikTextField name="name" label="Full Name" autoComplete="name" required autoFocus />
                <FormikTextField
                  name="email"
                  label="Email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                />
              </>
            )}
            <FormikTextField
              name="phone"
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(555) 123-4567"
              required
              autoFocus={invited}
            />
            <FormikTextField name="address" label="Address (optional)" autoComplete="street-address" />
            <FieldGrid gap={2.5}>
              <FormikTextField name="birthday" label="Birthday (optional)" type="date" autoComplete="bday" />
              <FormikTextField name="purchaseDate" label="Purchase Date (optional)" type="date" />
            </FieldGrid>
            <SmsConsentCheckbox confirmedByText={!invited} />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
              {isSubmitting ? 'Submitting...' : 'Complete Registration'}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

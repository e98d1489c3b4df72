// The Help page's contact form: Subject and Message, checked with the API's own schema, a Send
// button that waits for the answer, the server's field messages on the fields, and a confirmation
// once the request is in (the form empties for the next one).
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import type { SupportTicket } from '@shared/api-types';
import { supportRequestSchema, SUPPORT_MESSAGE_MAX, type SupportRequestInput } from '@shared/support';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { FormSubmitButton } from '@/components/ui/busy-button';
import { useSendSupportRequest } from '../api/send-support-request';

export const REQUEST_RECEIVED = 'We received your request';

const fields = ['subject', 'message'] as const;
const empty: SupportRequestInput = { subject: '', message: '' };

type SupportRequestFormProps = {
  /** The agent's address is verified: the confirmation and our replies reach it by e-mail. */
  emailVerified: boolean;
};

export function SupportRequestForm({ emailVerified }: SupportRequestFormProps) {
  const { trigger } = useSendSupportRequest();
  const [sent, setSent] = useState<SupportTicket | null>(null);
  const onSubmit = useFormSubmit<SupportRequestInput>(
    fields,
    async (values, { resetForm }) => {
      setSent(null);
      const ticket = await trigger(supportRequestSchema.cast(values));
      resetForm();
      setSent(ticket);
    },
    'Your request was not sent',
  );

  return (
    <Stack spacing={2.5}>
      {sent ? (
        <Alert severity="success" role="status" onClose={() => setSent(null)}>
          <AlertTitle>{REQUEST_RECEIVED}</AlertTitle>
          &ldquo;{sent.subject}&rdquo; is with our team.{' '}
          {emailVerified
            ? "We've e-mailed you a confirmation, and our answer will reach you by e-mail and show under Your requests."
            : 'Our answer will show under Your requests.'}
        </Alert>
      ) : null}
      <Formik<SupportRequestInput> initialValues={empty} validationSchema={supportRequestSchema} onSubmit={onSubmit}>
        {({ isSubmitting, values }) => (
          <Form noValidate aria-label="Contact support">
            <Stack spacing={2.5}>
              <FormikTextField
                name="subject"
                label="Subject"
                autoComplete="off"
                placeholder="e.g. My CSV import stops at row 4"
                required
              />
              <FormikTextField
                name="message"
                label="Message"
                multiline
                minRows={6}
                placeholder="What were you doing, what did you expect, and what happened instead?"
                helperText={`${values.message.length.toLocaleString('en-US')} / ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`}
                required
              />
              <FormSubmitButton busy={isSubmitting} busyLabel="Sending..." startIcon={<SendRounded />}>
                Send
              </FormSubmitButton>
            </Stack>
          </Form>
        )}
      </Formik>
    </Stack>
  );
}

// Add or edit a client: Formik with the shared yup schema, date inputs, inline errors, and the
// server's field errors (a duplicate e-mail) shown on their fields.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ComponentProps } from 'react';
import { useFormikContext, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import type { Client } from '@shared/api-types';
import { CLIENT_FIELD_SPECS, clientSchema, type ClientInput } from '@shared/client-schema';
import { isYearlessDate } from '@shared/dates';
import { FieldGrid } from '@/components/ui/field-grid';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormikTextField } from '@/components/ui/formik-text-field';
import { CLIENT_FIELDS, type ClientField } from '@/lib/client-changes';
import { browserToday, formatCalendarDate } from '@/lib/dates';
import { SmsConsentAttestation } from '@/components/ui/sms-consent-attestation';
import { CadenceField } from './cadence-field';
import { ClientTimeZoneField } from './client-time-zone-field';
import { KeyDatesField } from './key-dates-field';
import { ReferredByField, referredByChange } from './referred-by-field';
import { rhythmInitialValues, withRhythmInput, type RhythmFormValues } from './rhythm-form-values';
import { ClientTagsField } from './client-tags-field';

/** `referredBy`: the referring client's id, '' for none. */
export type ClientFormValues = Record<ClientField, string> & RhythmFormValues & { referredBy: string };

/** What the submit handler needs to put server field errors on the form. */
export type ClientFormHelpers = { setErrors: (errors: Partial<Record<ClientField, string>>) => void };

type ClientFormDialogProps = {
  open: boolean;
  /** The client being edited; absent when adding. */
  client?: Client | null;
  onClose: () => void;
  /**
   * Receives the cleaned values (blank optional fields are undefined; `referredBy` only when it changed, null once
   * cleared).
   */
  onSubmit: (input: ClientInput, helpers: ClientFormHelpers) => Promise<void>;
  /** "Referred by", a search of the signed-in agent's own clients (not in the administrator's form). */
  pickReferrer?: boolean;
};

/** A heading over a group of the form's fields. */
function SectionHeading({ children }: { children: string }) {
  return (
    <Typography component="h3" variant="overline" sx={{ display: 'block', mt: 3, mb: 1.5, color: 'text.secondary' }}>
      {children}
    </Typography>
  );
}

type ClientTextFieldProps = Omit<ComponentProps<typeof FormikTextField>, 'name' | 'label'> & { name: ClientField };

/**
 * The input for each kind of field. Autofill would offer the agent's own details, not their client's: off for the
 * fields typed in (not the date pickers). A price is typed with its commas ('450,000'): text, on the number pad.
 */
const INPUTS = {
  text: { autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  tel: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  date: { type: 'date' },
  number: { inputMode: 'numeric', autoComplete: 'off' },
} as const;

/** One of the client's own fields, labelled and typed as the field is everywhere (CLIENT_FIELD_SPECS). */
function ClientTextField({ name, ...props }: ClientTextFieldProps) {
  const spec = CLIENT_FIELD_SPECS[name];
  return <FormikTextField name={name} label={spec.label} {...INPUTS[spec.type]} {...props} />;
}

function initialValuesFor(client: Client | null | undefined): ClientFormValues {
  const fields = Object.fromEntries(CLIENT_FIELDS.map((field) => [field, client?.[field] ?? '']));
  return { ...fields, ...rhythmInitialValues(client), referredBy: client?.referredBy ?? '' } as ClientFormValues;
}

/** The values as the schema takes them, the referrer left out (referredByChange says what a save sends of it). */
function schemaInput(values: ClientFormValues) {
  const { referredBy: _referrer, ...rest } = withRhythmInput(values);
  return rest;
}

async function validate(values: ClientFormValues): Promise<FormikErrors<ClientFormValues>> {
  try {
    await validateYupSchema(schemaInput(values), clientSchema, false, { today: browserToday() });
    return {};
  } catch (error) {
    return yupToFormErrors(error);
  }
}

export function ClientFormDialog({ open, client, onClose, onSubmit, pickReferrer = true }: ClientFormDialogProps) {
  const editing = Boolean(client);
  return (
    <FormDialog<ClientFormValues>
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Client' : 'Add Client'}
      formKey={client?.id ?? 'new'}
      initialValues={initialValuesFor(client)}
      validate={validate}
      onSubmit={async (values, { setErrors }) => {
        const input = clientSchema.cast(schemaInput(values), {
          context: { today: browserToday() },
          assert: false,
        }) as ClientInput;
        await onSubmit({ ...input, ...referredByChange(values.referredBy, client?.referredBy ?? '') }, { setErrors });
      }}
      submitLabel={editing ? 'Save Changes' : 'Add Client'}
      busyLabel={editing ? 'Saving...' : 'Adding...'}
    >
      <ClientFields client={client} pickReferrer={pickReferrer} />
    </FormDialog>
  );
}

/**
 * The form's fields: the contact details, the key dates, the rhythm, who referred the client and, for a client already
 * in, tags and consent.
 */
function ClientFields({ client, pickReferrer }: { client: Client | null | undefined; pickReferrer: boolean }) {
  const { values } = useFormikContext<ClientFormValues>();
  const editing = Boolean(client);
  return (
    <>
      <Typography variant="muted" sx={{ mb: 2.5 }}>
        {editing ? 'Update the details below.' : 'Name, email and phone are required. Key dates power your reminders.'}
      </Typography>
      <FieldGrid gap={2.5}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ClientTextField name="name" required autoFocus={!editing} />
        </Box>
        <ClientTextField name="email" required />
        <ClientTextField name="phone" placeholder="(555) 123-4567" required />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ClientTextField name="address" helperText="Optional" />
        </Box>
        <ClientTextField
          name="postalCode"
          inputMode="numeric"
          helperText="Optional: the address's own when left blank"
        />
      </FieldGrid>
      <SectionHeading>Key dates</SectionHeading>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <ClientTextField
          name="birthday"
          // A date input cannot show a day without its year (shared/dates.ts), so it is said here.
          helperText={
            isYearlessDate(values.birthday)
              ? `${formatCalendarDate(values.birthday)}, year not known. Pick a date to add it.`
              : undefined
          }
        />
        <ClientTextField name="anniversary" />
        <ClientTextField name="purchaseDate" />
        <ClientTextField name="purchasePrice" placeholder="450,000" helperText="Optional, in whole dollars" />
      </Box>
      <SectionHeading>Custom dates</SectionHeading>
      <KeyDatesField />
      <SectionHeading>Keep in touch</SectionHeading>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <CadenceField />
        <ClientTimeZoneField />
      </Box>
      {pickReferrer ? (
        <>
          <SectionHeading>Referral</SectionHeading>
          <ReferredByField clientId={client?.id} />
        </>
      ) : null}
      {client ? (
        <>
          <SectionHeading>Tags</SectionHeading>
          <ClientTagsField client={client} />
          <SectionHeading>Text messages</SectionHeading>
          <SmsConsentAttestation client={client} />
        </>
      ) : null}
    </>
  );
}

// The features of the agent's Google connection beyond the Business Profile reviews (POST /api/google/connect
// { features }, PUT /api/google/connection { contacts | calendar }): what an agent may send, shared by the API's
// validation and the web.
import * as yup from 'yup';
import { REVIEW_MESSAGES } from './reviews';
import { ID_PATTERN } from './schemas';

/** What an agent turns on, each with its own consent on Google (incremental authorization). */
export const GOOGLE_FEATURES = ['contacts', 'calendar'] as const;
export type GoogleFeature = (typeof GOOGLE_FEATURES)[number];

export const GOOGLE_FEATURE_LABELS: Record<GoogleFeature, string> = {
  contacts: 'Google Contacts',
  calendar: 'Google Calendar',
};

/**
 * Why a Google sync failed (the `lastError` of GET /api/integrations: the reason of Google's answer), in the agent's
 * words: the morning digest's sentence and Settings' Google card say the same.
 */
const GOOGLE_FAILURE_WORDS: Readonly<Record<string, string>> = {
  quota: "Google's limit was reached",
  forbidden: 'Google refused access',
  unavailable: 'Google did not answer',
  timeout: 'Google did not answer in time',
  'not-configured': 'Google is not set up on this server',
  refused: 'Google refused the request',
};
export const googleFailureWords = (reason: string): string =>
  GOOGLE_FAILURE_WORDS[reason] ?? GOOGLE_FAILURE_WORDS.refused!;

export const GOOGLE_MESSAGES = {
  features: `features must be a list holding one of ${GOOGLE_FEATURES.join(', ')}, e.g. ["contacts"]`,
  unknownFeature: `Unknown feature: use ${GOOGLE_FEATURES.join(' or ')}`,
  oneFeature: 'Turn on one feature at a time',
  switch: (feature: GoogleFeature) => `${feature} must be true or false`,
  oneKind: `Send either a locationName, or ${GOOGLE_FEATURES.join(' and/or ')} set to true or false, not both`,
  label: 'label must be the resource name of one of your Google contact labels, like contactGroups/1a2b3c',
} as const;

const CONTACT_GROUP = /^contactGroups\/[A-Za-z0-9_-]{1,64}$/;

/** POST /api/google/contacts/import: every contact (no body, or `{}`), or those of one label (a contact group). */
export const googleContactsImportSchema = yup.object({
  label: yup.string().trim().matches(CONTACT_GROUP, GOOGLE_MESSAGES.label),
});

/** POST /api/google/connect: no body (or `{}`) connects the Business Profile; `features` adds one feature's consent. */
export const googleConnectSchema = yup.object({
  features: yup
    .array()
    .strict()
    .typeError(GOOGLE_MESSAGES.features)
    .of(
      yup
        .string<GoogleFeature>()
        .strict()
        .typeError(GOOGLE_MESSAGES.unknownFeature)
        .required(GOOGLE_MESSAGES.unknownFeature)
        .oneOf(GOOGLE_FEATURES, GOOGLE_MESSAGES.unknownFeature),
    )
    .max(1, GOOGLE_MESSAGES.oneFeature),
});

const LOCATION_NAME = /^locations\/[A-Za-z0-9_-]{1,64}$/;
const featureSwitch = (feature: GoogleFeature) => yup.boolean().strict().typeError(GOOGLE_MESSAGES.switch(feature));

/**
 * PUT /api/google/connection: either `{ locationName }` (the location the review inbox follows) or the features to
 * turn on or off (`{ contacts: false }`, `{ calendar: true }`, or both); never both kinds, never neither.
 */
export const googleConnectionUpdateSchema = yup
  .object({
    locationName: yup.string().trim().matches(LOCATION_NAME, REVIEW_MESSAGES.locationRequired),
    contacts: featureSwitch('contacts'),
    calendar: featureSwitch('calendar'),
  })
  .test('one-kind', GOOGLE_MESSAGES.oneKind, (value) => {
    const location = value.locationName !== undefined;
    const features = GOOGLE_FEATURES.some((feature) => value[feature] !== undefined);
    return location !== features;
  });

export type GoogleConnectionUpdate = yup.InferType<typeof googleConnectionUpdateSchema>;

/** POST /api/google/contacts/conflicts/resolve: which side's value of one client's field both sides changed to keep. */
export const contactConflictResolutionSchema = yup.object({
  clientId: yup.string().required('clientId is required').matches(ID_PATTERN, 'clientId is malformed'),
  field: yup
    .string<'email' | 'phone'>()
    .required('field is required')
    .oneOf(['email', 'phone'], 'field must be email or phone'),
  keep: yup
    .string<'google' | 'hearthside'>()
    .required('keep is required')
    .oneOf(['google', 'hearthside'], 'keep must be google or hearthside'),
});

/** PUT /api/google/contacts/group: keep the "Hearthside clients" group in the agent's Google contacts, or stop. */
export const contactsGroupSchema = yup.object({
  enabled: yup.boolean().strict().required('enabled is required').typeError('enabled must be true or false'),
});

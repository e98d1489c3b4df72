// The public side's rules, shared by the API and the web forms: invitations, the two client
// registration forms, the realtor search and video testimonial uploads.
import * as yup from 'yup';
import { clientSchema, CLIENT_MESSAGES, CLIENT_NAME_MAX } from './client-schema';
import { emailSchema, ID_PATTERN } from './schemas';
import { SMS_CONSENT_MESSAGES } from './sms-consent';

export const INVITATION_TTL_DAYS = 7;
export const INVITATIONS_PER_AGENT_PER_DAY = 50;
/** 32 random bytes, base64url: 256 bits. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const AGENT_SEARCH_MIN_CHARS = 3;
export const AGENT_SEARCH_MAX_RESULTS = 20;

/** How long a directory registration for a known e-mail waits for the client's confirmation. */
export const REGISTRATION_SUBMISSION_TTL_DAYS = 7;
/** The confirmation token: `<submission id>.<32 random bytes>`, base64url. */
export const REGISTRATION_CONFIRM_TOKEN_PATTERN = /^([A-Za-z0-9_-]{22})\.[A-Za-z0-9_-]{43}$/;

export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const VIDEO_UPLOADS_PER_CLIENT_PER_DAY = 5;

export const REGISTRATION_MESSAGES = {
  invitationInvalid:
    'This invitation link is invalid or has expired. Please ask your realtor to send a new invitation.',
  invitationInUse: 'This invitation is being used right now. Please wait a moment and try again.',
  agentAtCapacity: "Your realtor can't add new clients right now. Please contact them directly.",
  agentNotFound: 'We could not find that realtor. Please choose your realtor again.',
  oneForm: 'Send either an invitation token or an agentId.',
  searchTooShort: `Type at least ${AGENT_SEARCH_MIN_CHARS} characters of your realtor's name, business or email to search.`,
  videoOnly: 'Please choose a video file.',
  videoTooLarge: `The video must be at most ${MAX_VIDEO_BYTES / (1024 * 1024)} MB.`,
  uploadExpired: 'Your upload session has expired. Please register again to share a video.',
  confirmationInvalid: 'This confirmation link is invalid. Please use the link from your most recent e-mail.',
  confirmationUsed: 'Your details were already confirmed with this link.',
  confirmationExpired: 'This confirmation link has expired. Please register again to update your details.',
  confirmationClientGone: 'Your realtor no longer has you as a client. Please register again.',
  referralInvalid: 'This referral link is not valid. You can still register without it.',
  tooManyDirectoryRegistrations:
    'Too many registrations with this realtor from your network today. Please try again tomorrow or contact your realtor directly.',
} as const;

const invitationToken = yup
  .string()
  .required(REGISTRATION_MESSAGES.invitationInvalid)
  .matches(INVITATION_TOKEN_PATTERN, REGISTRATION_MESSAGES.invitationInvalid);

/** POST /api/client-invitations: an invitation is created with an e-mail and a name. */
export const invitationSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(CLIENT_MESSAGES.nameRequired)
    .max(CLIENT_NAME_MAX, `Must be at most ${CLIENT_NAME_MAX} characters`),
  email: emailSchema.required(CLIENT_MESSAGES.emailRequired),
});

/** The consent checkbox (unticked by default): true only when the client ticked it, beside SMS_CONSENT_WORDS. */
const smsConsent = yup.boolean().strict().typeError(SMS_CONSENT_MESSAGES.registrationValue).default(false);

const profileFields = clientSchema.pick(['phone', 'address', 'birthday', 'purchaseDate']).shape({ smsConsent });

/** Registration from an invitation: phone required; address, birthday and purchase date optional. */
export const invitedRegistrationSchema = profileFields.shape({ token: invitationToken });

/** Registration after choosing a realtor: also the name and e-mail. */
export const selfRegistrationSchema = clientSchema
  .pick(['name', 'email', 'phone', 'address', 'birthday', 'purchaseDate'])
  .shape({
    smsConsent,
    agentId: yup
      .string()
      .trim()
      .required(REGISTRATION_MESSAGES.agentNotFound)
      .matches(ID_PATTERN, REGISTRATION_MESSAGES.agentNotFound),
    // A referral link's client (the person who sent them): credited when it is one of this realtor's clients.
    ref: yup.string().strict().trim().matches(ID_PATTERN, REGISTRATION_MESSAGES.referralInvalid).optional(),
  });

export const agentSearchSchema = yup.object({
  q: yup.string().trim().max(254, 'Search text is too long').default(''),
});

const clientCredentials = {
  clientId: yup.string().required('clientId is required').matches(ID_PATTERN, 'clientId is malformed'),
  clientToken: yup
    .string()
    .required(REGISTRATION_MESSAGES.uploadExpired)
    .max(4096, REGISTRATION_MESSAGES.uploadExpired),
};

/** POST /api/video-testimonials: who uploads, and what file the browser is about to send. */
export const videoUploadSchema = yup.object({
  ...clientCredentials,
  contentType: yup
    .string()
    .trim()
    .lowercase()
    .required(REGISTRATION_MESSAGES.videoOnly)
    .matches(/^video\/[a-z0-9][a-z0-9.+-]{0,63}$/, REGISTRATION_MESSAGES.videoOnly),
  size: yup
    .number()
    .required('size is required')
    .integer('size must be a whole number of bytes')
    .min(1, 'The video file is empty.')
    .max(MAX_VIDEO_BYTES, REGISTRATION_MESSAGES.videoTooLarge),
});

/** POST /api/client-registration/confirm: the token from the "You're already connected" e-mail. */
export const registrationConfirmSchema = yup.object({
  token: yup
    .string()
    .required(REGISTRATION_MESSAGES.confirmationInvalid)
    .max(200, REGISTRATION_MESSAGES.confirmationInvalid),
});

/** POST /api/video-testimonials/{id}/complete. */
export const videoUploadCompleteSchema = yup.object(clientCredentials);

export type InvitationInput = yup.InferType<typeof invitationSchema>;
export type InvitedRegistrationInput = yup.InferType<typeof invitedRegistrationSchema>;
export type SelfRegistrationInput = yup.InferType<typeof selfRegistrationSchema>;
export type VideoUploadInput = yup.InferType<typeof videoUploadSchema>;

// Message drafts (POST /api/clients/{id}/drafts): what an agent may ask for, shared by the API's
// validation and the web composer, and the SMS segment count both show.
import * as yup from 'yup';
import { DRAFT_OCCASIONS } from './draft-occasions';
import { KEY_DATE_LABEL_MAX } from './key-dates';

export { DRAFT_OCCASIONS, type DraftOccasion } from './draft-occasions';
export const DRAFT_CHANNELS = ['email', 'sms'] as const;
export const DRAFT_TONES = ['warm', 'professional', 'brief'] as const;
export type DraftChannel = (typeof DRAFT_CHANNELS)[number];
export type DraftTone = (typeof DRAFT_TONES)[number];

export const DRAFT_INSTRUCTIONS_MAX = 500;
/** A text draft fits in this many SMS segments. */
export const DRAFT_SMS_SEGMENTS = 2;

/** "Suggest another": each variant number asks the local composer for another phrasing. */
export const DRAFT_VARIANT_MAX = 999;

export const DRAFT_MESSAGES = {
  occasion: `Occasion must be one of ${DRAFT_OCCASIONS.join(', ')}`,
  channel: `Channel must be one of ${DRAFT_CHANNELS.join(', ')}`,
  tone: `Tone must be one of ${DRAFT_TONES.join(', ')}`,
  instructionsTooLong: `Instructions must be at most ${DRAFT_INSTRUCTIONS_MAX} characters`,
  variant: `Variant must be a whole number from 0 to ${DRAFT_VARIANT_MAX}`,
  label: `A custom date's label is text of at most ${KEY_DATE_LABEL_MAX} characters`,
  noPlaceId:
    'Add your Google Place ID in your Business Profile first: a review request links to your business on Google.',
} as const;

export const draftRequestSchema = yup.object({
  occasion: yup.string().required(DRAFT_MESSAGES.occasion).oneOf(DRAFT_OCCASIONS, DRAFT_MESSAGES.occasion),
  channel: yup.string().required(DRAFT_MESSAGES.channel).oneOf(DRAFT_CHANNELS, DRAFT_MESSAGES.channel),
  tone: yup.string().oneOf(DRAFT_TONES, DRAFT_MESSAGES.tone).default('warm'),
  instructions: yup
    .string()
    .strict(false)
    .trim()
    .max(DRAFT_INSTRUCTIONS_MAX, DRAFT_MESSAGES.instructionsTooLong)
    .optional(),
  // With occasion 'custom': the client's custom date it is for (its label is the occasion the draft is written for).
  label: yup.string().strict().typeError(DRAFT_MESSAGES.label).trim().max(KEY_DATE_LABEL_MAX, DRAFT_MESSAGES.label),
  variant: yup
    .number()
    .typeError(DRAFT_MESSAGES.variant)
    .integer(DRAFT_MESSAGES.variant)
    .min(0, DRAFT_MESSAGES.variant)
    .max(DRAFT_VARIANT_MAX, DRAFT_MESSAGES.variant)
    .default(0),
});
export type DraftRequest = yup.InferType<typeof draftRequestSchema>;

// The GSM 03.38 alphabet (and its extension, two characters each): anything else makes the whole text UCS-2.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/**
 * How many SMS segments `text` takes: 160/153 GSM-7 characters, or 70/67 UCS-2 ones when any character is outside
 * GSM-7.
 */
export function smsSegments(text: string): number {
  const chars = Array.from(text);
  const gsm = chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENDED.has(c));
  // UCS-2 counts UTF-16 code units: a character outside the BMP (an emoji) takes two.
  const length = gsm ? chars.reduce((n, c) => n + (GSM_EXTENDED.has(c) ? 2 : 1), 0) : text.length;
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  if (length === 0) return 0;
  return length <= single ? 1 : Math.ceil(length / multi);
}

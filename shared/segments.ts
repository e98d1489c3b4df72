// A saved segment's name: one rule for the API (POST /api/segments, PATCH /api/segments/{id}) and the web's forms.
import * as yup from 'yup';
import { SEGMENT_NAME_MAX, SEGMENTS_PER_AGENT_MAX } from './api-types';

export const SEGMENT_MESSAGES = {
  name: `A segment's name is 1 to ${SEGMENT_NAME_MAX} characters`,
  limit: `You can keep at most ${SEGMENTS_PER_AGENT_MAX} segments: delete one to save another.`,
} as const;

/** 1 to SEGMENT_NAME_MAX characters once trimmed. */
export const segmentNameSchema = yup
  .string()
  .typeError(SEGMENT_MESSAGES.name)
  .trim()
  .required(SEGMENT_MESSAGES.name)
  .min(1, SEGMENT_MESSAGES.name)
  .max(SEGMENT_NAME_MAX, SEGMENT_MESSAGES.name);

/** PATCH /api/segments/{id} and the rename form: the new name. */
export const segmentRenameSchema = yup.object({ name: segmentNameSchema });
export type SegmentRename = yup.InferType<typeof segmentRenameSchema>;

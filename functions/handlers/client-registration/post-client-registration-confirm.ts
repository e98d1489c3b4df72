// POST /api/client-registration/confirm: the link in the "You're already connected" e-mail. It
// applies the details someone registered with from the directory to the client (the e-mail proves
// they are theirs) and shows the agent any video uploaded with them. Single use, 7 days.
import type { RegistrationConfirmResult } from '@shared/api-types';
import { REGISTRATION_MESSAGES, registrationConfirmSchema } from '@shared/client-registration';
import { todayIn } from '@shared/dates';
import {
  claimSubmission,
  releaseSubmission,
  SubmissionRefusedError,
  type RegistrationSubmissionItem,
} from '../../data/client-registrations';
import { awardDueMilestonesAfterWrite } from '../../data/milestones';
import { attachTestimonial } from '../../data/testimonials';
import { getUserById } from '../../data/users';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { errorAnswer, HttpError } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import type { Logger } from '../../observability/logger';
import { moveToClientVideos } from '../../integrations/video-uploads';
import { applySubmission, SubmissionClientGoneError } from '../../services/client-registration';

const REFUSALS = {
  invalid: { message: REGISTRATION_MESSAGES.confirmationInvalid, code: 'CONFIRMATION_INVALID' },
  used: { message: REGISTRATION_MESSAGES.confirmationUsed, code: 'CONFIRMATION_USED' },
  expired: { message: REGISTRATION_MESSAGES.confirmationExpired, code: 'CONFIRMATION_EXPIRED' },
} as const;

const ERRORS = [
  ...CLIENT_WRITE_ERRORS,
  errorAnswer(
    SubmissionRefusedError,
    (error) => new HttpError(410, REFUSALS[error.reason].message, { code: REFUSALS[error.reason].code }),
  ),
];

export const handler = definePublicHandler(
  'client-registration/post-client-registration-confirm',
  { body: registrationConfirmSchema, errors: ERRORS },
  async ({ body, log }) => {
    const submission = await claimSubmission(body.token);
    let videos: number;
    try {
      const client = await applySubmission(submission);
      const agent = await getUserById(submission.agentId);
      if (agent) await awardDueMilestonesAfterWrite(client, todayIn(agent.timeZone), log);
      videos = await showVideos(submission, log);
      log.info('client registration confirmed', {
        agentId: submission.agentId,
        clientId: submission.clientId,
        submissionId: submission.id,
        videos,
      });
      const answer: RegistrationConfirmResult = { agentName: agent?.fullName ?? '', videos };
      return { status: 200, body: answer };
    } catch (error) {
      if (error instanceof SubmissionClientGoneError)
        throw new HttpError(410, REGISTRATION_MESSAGES.confirmationClientGone, { code: 'CLIENT_GONE' });
      // Applying is safe to repeat: give the link back so the client can try again.
      await releaseSubmission(submission);
      throw error;
    }
  },
);

/**
 * Moves each video that waited with the submission to the client's testimonials; returns how many the agent now sees.
 */
async function showVideos(submission: RegistrationSubmissionItem, log: Logger): Promise<number> {
  let shown = 0;
  for (const video of Object.values(submission.uploads ?? {})) {
    const moved = await moveToClientVideos(submission.agentId, submission.clientId, video);
    if (!moved) {
      log.warn('a registration video was gone before its confirmation', {
        submissionId: submission.id,
        uploadId: video.id,
      });
      continue;
    }
    if (
      await attachTestimonial(
        { id: video.id, agentId: submission.agentId, clientId: submission.clientId, key: moved.key },
        moved,
      )
    )
      shown += 1;
  }
  return shown;
}

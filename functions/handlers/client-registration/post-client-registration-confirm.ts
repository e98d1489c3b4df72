// POST /api/client-registration/confirm: the link in the "You're already connected" e-mail. It
// applies the details someone registered with from the directory to the client (the e-mail proves
// they are theirs) and shows the agent any video uploaded with them. Single use, 7 days.
import { REGISTRATION_MESSAGES, registrationConfirmSchema } from '@shared/client-registration';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { HttpError, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { confirmRegistration } from '../../services/client-registration';

const LINK_REFUSED = {
  invalid: { message: REGISTRATION_MESSAGES.confirmationInvalid, code: 'CONFIRMATION_INVALID' },
  used: { message: REGISTRATION_MESSAGES.confirmationUsed, code: 'CONFIRMATION_USED' },
  expired: { message: REGISTRATION_MESSAGES.confirmationExpired, code: 'CONFIRMATION_EXPIRED' },
} as const;

const REFUSALS = refusalAnswers<RefusalOf<typeof confirmRegistration>>({
  'invalid-link': ({ reason = 'invalid' }) =>
    new HttpError(410, LINK_REFUSED[reason].message, { code: LINK_REFUSED[reason].code }),
  // The client the submission was for is gone: registering again starts over.
  'not-found': () => new HttpError(410, REGISTRATION_MESSAGES.confirmationClientGone, { code: 'CLIENT_GONE' }),
});

export const handler = definePublicHandler(
  'client-registration/post-client-registration-confirm',
  { body: registrationConfirmSchema, errors: CLIENT_WRITE_ERRORS, refusals: REFUSALS },
  async ({ body, log }) => {
    const confirmed = await confirmRegistration(body.token, log);
    return isRefusal(confirmed) ? confirmed : { status: 200, body: confirmed };
  },
);

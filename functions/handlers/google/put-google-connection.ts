// PUT /api/google/connection { locationName } picks which of the account's locations the review inbox follows;
// { contacts?, calendar? } turns those features on (when Google granted them) or off (forgetting what they kept).
import { GOOGLE_FEATURE_LABELS, googleConnectionUpdateSchema } from '@shared/google';
import { badRequest, conflict, HttpError, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { updateGoogleConnection, type ConnectionUpdateRefusal } from '../../services/google-reviews';

export const handler = defineHandler(
  'google/put-google-connection',
  {
    body: googleConnectionUpdateSchema,
    refusals: refusalAnswers<ConnectionUpdateRefusal>({
      'google-not-connected': () => conflict('Connect your Google Business Profile first.'),
      'unknown-location': () =>
        badRequest(
          'That location is not one of your Business Profile locations.',
          {
            locationName: 'Choose one of your locations',
          },
          'UNKNOWN_LOCATION',
        ),
      'google-feature-not-granted': ({ feature }) =>
        new HttpError(
          409,
          `Google has not allowed ${GOOGLE_FEATURE_LABELS[feature]} yet: connect it in Settings first and allow it on ` +
            'Google’s page.',
          {
            code: 'GOOGLE_FEATURE_NOT_GRANTED',
            errors: { [feature]: `Connect ${GOOGLE_FEATURE_LABELS[feature]} first` },
          },
        ),
    }),
  },
  async ({ user, body }) => {
    const updated = await updateGoogleConnection(user.id, body);
    return 'kind' in updated ? updated : { body: updated };
  },
);

// PUT /api/google/connection { locationName }: picks which of the account's locations the review inbox follows.
import { googleLocationSchema } from '@shared/reviews';
import { badRequest, conflict, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { chooseGoogleLocation, type LocationRefusal } from '../../services/google-reviews';

export const handler = defineHandler(
  'google/put-google-connection',
  {
    body: googleLocationSchema,
    refusals: refusalAnswers<LocationRefusal>({
      'google-not-connected': () => conflict('Connect your Google Business Profile first.'),
      'unknown-location': () =>
        badRequest(
          'That location is not one of your Business Profile locations.',
          {
            locationName: 'Choose one of your locations',
          },
          'UNKNOWN_LOCATION',
        ),
    }),
  },
  async ({ user, body }) => {
    const chosen = await chooseGoogleLocation(user.id, body.locationName);
    return 'kind' in chosen ? chosen : { body: chosen };
  },
);

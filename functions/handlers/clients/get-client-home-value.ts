// GET /api/clients/{id}/home-value (Pro): the client's home value from FHFA's House Price Index, a range never one
// figure, with the change since the purchase, the index used, its release and FHFA's attribution
// (services/home-values.ts). No postal code, no purchase date, no index for the area, a purchase before the index
// starts or after its latest quarter: 422 with a code each. Free agents: 403 PRO_REQUIRED. Another agent's client: 404.
import { HOME_VALUE_CODES } from '@shared/home-value';
import type { ProRequired, RefusalOf } from '../../domain/refusals';
import { forbidden, HttpError, notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { homeValueFor } from '../../services/home-values';

export const HOME_VALUE_MESSAGES = {
  proRequired: 'Home values are part of Pro. Upgrade to show past clients what their home is worth.',
  'no-postal-code': "Add the client's ZIP code to estimate their home's value.",
  'no-purchase-date': 'Add the purchase date to estimate the home’s value.',
  'no-index-for-area': 'No house price index covers this ZIP code.',
  'purchase-before-series': 'The house price index for this area starts after the purchase.',
  'purchase-after-series': 'The house price index does not reach the purchase date yet.',
} as const;

const REFUSALS = refusalAnswers<ProRequired | RefusalOf<typeof homeValueFor>>({
  'pro-required': () => forbidden(HOME_VALUE_MESSAGES.proRequired, 'PRO_REQUIRED'),
  'not-found': () => notFound('Client not found'),
  'home-value-unavailable': ({ reason }) =>
    new HttpError(422, HOME_VALUE_MESSAGES[reason], { code: HOME_VALUE_CODES[reason] }),
});

export const handler = defineRecordHandler('clients/get-client-home-value', { refusals: REFUSALS }, (user, id) =>
  user.isPro ? homeValueFor(user, id) : Promise.resolve<ProRequired>({ kind: 'pro-required' }),
);

// The answer of the push routes while the server has no VAPID key pair (the push secret still empty).
import { PUSH_MESSAGES } from '@shared/push';
import { PushNotSetUpError } from '../integrations/push';
import { errorAnswer, HttpError } from './errors';

export const PUSH_ERRORS = [
  errorAnswer(
    PushNotSetUpError,
    () => new HttpError(503, PUSH_MESSAGES.notSetUp, { code: 'PUSH_NOT_SET_UP', headers: { 'retry-after': '3600' } }),
  ),
];

// The answers of the routes that take a client filter (segments, bulk actions): a filter not served yet.
import { UnsupportedFilterError } from '../services/client-filter';
import { badRequest, errorAnswer } from './errors';

export const CLIENT_FILTER_ERRORS = [
  errorAnswer(UnsupportedFilterError, (error) =>
    badRequest(error.message, { 'filter.dueForCheckIn': error.message }, 'UNSUPPORTED_FILTER'),
  ),
];

// GET /api/unsubscribe/{token}: the List-Unsubscribe URI opened as a link (a mail client that does not
// do RFC 8058's one-click POST, or a reader who copies it). It changes nothing, as a GET must not
// (link scanners open links): it sends the reader to the page that explains and confirms, with the
// token in the fragment like every e-mailed link. The one-click POST stays on the same URI.
import { tokenLinkPath } from '@shared/link-token';
import { config } from '../../config';
import { definePublicHandler } from '../../http/handler';

export const handler = definePublicHandler('unsubscribe/get-unsubscribe', {}, async ({ params }) => ({
  status: 303,
  headers: {
    location: `${config().appUrl}${tokenLinkPath('/unsubscribe', params.token ?? '')}`,
    'cache-control': 'no-store',
  },
}));

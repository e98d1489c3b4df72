// GET /api/push/key: the VAPID public key the browser subscribes with (applicationServerKey); 503 PUSH_NOT_SET_UP
// while the server has no key pair.
import { defineHandler } from '../../http/handler';
import { PUSH_ERRORS } from '../../http/push-errors';
import { pushPublicKey } from '../../integrations/push';

export const handler = defineHandler('push/get-push-key', { errors: PUSH_ERRORS }, async () => ({
  body: { publicKey: await pushPublicKey() },
}));

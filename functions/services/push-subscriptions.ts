// The agent's devices for web push. Turning notifications on for one: the endpoint checked (https on port 443 at a
// known push service; a push service on this machine only in the local runtime), the browser's key checked as a real
// P-256 point, at most MAX_PUSH_SUBSCRIPTIONS devices per agent, the same endpoint again kept as the same subscription,
// and each bound to the session that subscribed it (it ends with that session: functions/data/sessions.ts). Listing
// them, and the test notification, a few an hour.
import { createPublicKey } from 'node:crypto';
import type { PushDevice, PushTestResult } from '@shared/api-types';
import {
  isPushEndpoint,
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_MESSAGES,
  PUSH_TESTS_PER_HOUR,
  type PushSubscriptionInput,
} from '@shared/push';
import { config } from '../config';
import { listPushSubscriptions, pushSubscriptionId, putPushSubscription } from '../data/push-subscriptions';
import { takeLimit } from '../data/throttle';
import { deviceLabel } from '../domain/device-label';
import { TEST_NOTIFICATION } from '../domain/push-notifications';
import type { InvalidInput, RateLimited, TooManyDevices } from '../domain/refusals';
import { pushPublicKey, pushToAgent } from '../integrations/push';

/** Who subscribes: the session making the request, and its browser's User-Agent header (read for the label only). */
export type Subscriber = { sessionId: string; userAgent: string | undefined };

/** The subscription's id, or why the device cannot be subscribed (an endpoint or key the schema let through). */
export async function subscribeDevice(
  agentId: string,
  { sessionId, userAgent }: Subscriber,
  input: PushSubscriptionInput,
  now: Date,
): Promise<{ id: string } | InvalidInput | TooManyDevices> {
  const { localRuntime } = config();
  if (!isPushEndpoint(input.endpoint, localRuntime))
    return {
      kind: 'invalid-input',
      problem: localRuntime ? PUSH_MESSAGES.endpointLocal : PUSH_MESSAGES.endpoint,
      field: 'endpoint',
    };
  if (!isP256Point(input.keys.p256dh))
    return { kind: 'invalid-input', problem: PUSH_MESSAGES.p256dh, field: 'keys.p256dh' };
  const existing = await listPushSubscriptions(agentId);
  const same = existing.find((item) => item.id === pushSubscriptionId(input.endpoint));
  if (!same && existing.length >= MAX_PUSH_SUBSCRIPTIONS)
    return { kind: 'too-many-devices', max: MAX_PUSH_SUBSCRIPTIONS };
  const id = await putPushSubscription(
    agentId,
    {
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      sessionId,
      deviceLabel: deviceLabel(userAgent),
    },
    now,
    same,
  );
  return { id };
}

/** The agent's devices, the latest added first. */
export async function listDevices(agentId: string): Promise<PushDevice[]> {
  const items = await listPushSubscriptions(agentId);
  return items
    .map((item) => ({
      id: item.id,
      deviceLabel: item.deviceLabel ?? deviceLabel(undefined),
      createdAt: item.createdAt,
      lastUsedAt: item.lastUsedAt ?? null,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * The test notification to each of the agent's devices: how many push services took it, or the hourly limit (each
 * test sends to every device, so it is limited like any send). Without a key pair nothing is sent and nothing counted
 * (PushNotSetUpError).
 */
export async function sendTestNotification(
  agentId: string,
  now: Date,
): Promise<PushTestResult | RateLimited<'test-pushes'>> {
  await pushPublicKey();
  const max = PUSH_TESTS_PER_HOUR;
  const reservation = await takeLimit({ scope: 'push-test', id: agentId, max, windowSeconds: 3600 }, now.getTime());
  if (!reservation.granted)
    return { kind: 'rate-limited', what: 'test-pushes', max, retryAfterSeconds: reservation.retryAfterSeconds };
  return { sent: await pushToAgent(agentId, TEST_NOTIFICATION) };
}

/** 65 bytes starting 0x04 is the shape; a point on the curve is what encrypting to it needs. */
function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

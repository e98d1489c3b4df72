// The local payment simulator (docs/architecture.md, Local runtime): stands in for Stripe Checkout and the billing
// portal when
// the local runtime has no STRIPE_SECRET_KEY. Its buttons build the event Stripe would send, sign it
// with the webhook secret and post it to the app's real /api/stripe/webhook, so the real
// verification path runs. Nothing is ever charged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRO_PRICE_USD } from '@shared/constants';
import { config } from '../config';
import { randomId } from '../domain/signed-tokens';
import {
  readSimulatorSession,
  signWebhookPayload,
  SIMULATOR_PATHS,
  type SimulatorSession,
} from '../integrations/payments';
import { escapeHtml } from '../integrations/mail';
import { readBodyText, standInPageHtml } from './stand-in-http';

export const SIMULATOR_PREFIX = '/local/';
const LABEL = 'Local payment simulator — no charge';
const CSS =
  'body{font-family:system-ui,sans-serif;background:#f4f1ec;color:#1f2933;margin:0;padding:24px}' +
  'main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}' +
  '.price{font-size:20px;font-weight:600}button{width:100%;padding:12px;font-size:16px;font-weight:600;border:0;border-radius:8px;background:#2f5d50;color:#fff;cursor:pointer}' +
  'a{color:#2f5d50}code{font-size:13px}';
const MAX_FORM_BYTES = 8 * 1024;

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

type StripeLikeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: null;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
};

function event(type: string, object: Record<string, unknown>): StripeLikeEvent {
  return {
    id: `evt_local_${randomId(12)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: null,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** What Stripe sends when a subscription Checkout is paid. */
export function checkoutCompletedEvent(session: SimulatorSession): StripeLikeEvent {
  return event('checkout.session.completed', {
    id: `cs_local_${randomId(12)}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: session.userId,
    customer: session.customerId,
    subscription: `sub_local_${randomId(12)}`,
    amount_total: PRO_PRICE_USD * 100,
    currency: 'usd',
    metadata: { userId: session.userId, ...(config().stripePriceId ? { priceId: config().stripePriceId } : {}) },
  });
}

/** What Stripe sends when the subscription is cancelled in the billing portal. */
export function subscriptionDeletedEvent(session: SimulatorSession): StripeLikeEvent {
  return event('customer.subscription.deleted', {
    id: session.subscriptionId ?? `sub_local_${randomId(12)}`,
    object: 'subscription',
    customer: session.customerId,
    status: 'canceled',
  });
}

/** Serves /local/checkout and /local/billing-portal; false when the path is not the simulator's. */
export async function handlePaymentSimulator(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const kind =
    url.pathname === SIMULATOR_PATHS.checkout
      ? 'checkout'
      : url.pathname === SIMULATOR_PATHS.portal
        ? 'portal'
        : undefined;
  if (!kind || config().paymentProvider !== 'simulator') return false;
  if (req.method === 'GET' || req.method === 'HEAD') {
    const session = await readSimulatorSession(url.searchParams.get('session') ?? '', kind);
    if (!session)
      return page(
        res,
        400,
        'This payment link is invalid or has expired',
        '<p>Start again from Settings.</p><p><a href="/settings">Back to Settings</a></p>',
      );
    const token = escapeHtml(url.searchParams.get('session') ?? '');
    if (kind === 'checkout') {
      return page(
        res,
        200,
        'Hearthside Pro',
        `<p class="price">$${PRO_PRICE_USD}.00 per month</p>` +
          '<p>This page stands in for Stripe Checkout on this machine. Paying here charges nothing: it sends a signed ' +
          '<code>checkout.session.completed</code> event to the app’s real Stripe webhook.</p>' +
          `<form method="post" action="${SIMULATOR_PATHS.checkout}"><input type="hidden" name="session" value="${token}"><button type="submit">Pay $${PRO_PRICE_USD}.00</button></form>` +
          '<p><a href="/settings?checkout=cancelled">Cancel and return to Settings</a></p>',
      );
    }
    return page(
      res,
      200,
      'Your Pro subscription',
      `<p class="price">Hearthside Pro · $${PRO_PRICE_USD}.00 per month · active</p>` +
        '<p>This page stands in for the Stripe billing portal on this machine. Cancelling sends a signed ' +
        '<code>customer.subscription.deleted</code> event to the app’s real Stripe webhook.</p>' +
        `<form method="post" action="${SIMULATOR_PATHS.portal}"><input type="hidden" name="session" value="${token}"><button type="submit">Cancel subscription</button></form>` +
        '<p><a href="/settings">Return to Settings</a></p>',
    );
  }
  if (req.method !== 'POST') return page(res, 405, 'Method not allowed', '');
  const origin = req.headers.origin;
  if (origin && !config().sameSiteOrigins.includes(origin)) return page(res, 403, 'Cross-site request refused', '');
  const form = await readForm(req);
  const session = form ? await readSimulatorSession(form.get('session') ?? '', kind) : null;
  if (!session)
    return page(
      res,
      400,
      'This payment link is invalid or has expired',
      '<p><a href="/settings">Back to Settings</a></p>',
    );
  const delivered = await deliver(
    kind === 'checkout' ? checkoutCompletedEvent(session) : subscriptionDeletedEvent(session),
    req.socket.localPort,
  );
  if (!delivered.ok) {
    return page(
      res,
      502,
      'The webhook refused the event',
      `<p>${escapeHtml(delivered.detail)}</p><p><a href="/settings">Back to Settings</a></p>`,
    );
  }
  res.writeHead(303, {
    location: kind === 'checkout' ? '/settings?checkout=success' : '/settings?subscription=cancelled',
    'cache-control': 'no-store',
  });
  res.end();
  return true;
}

/** Signs the event with the webhook secret and posts it to this server's real webhook route. */
async function deliver(
  stripeEvent: StripeLikeEvent,
  port: number | undefined,
): Promise<{ ok: boolean; detail: string }> {
  const secret = config().stripeWebhookSecret;
  if (!secret) return { ok: false, detail: 'No webhook secret is configured.' };
  const payload = JSON.stringify(stripeEvent);
  const response = await fetch(`http://127.0.0.1:${port}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signWebhookPayload(payload, secret) },
    body: payload,
  });
  const text = await response.text();
  return { ok: response.ok, detail: `HTTP ${response.status}: ${text}` };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const { text, tooLarge } = await readBodyText(req, MAX_FORM_BYTES);
  return tooLarge ? null : new URLSearchParams(text);
}

/** Writes a simulator page; true, since the request was the simulator's. */
function page(res: ServerResponse, status: number, title: string, body: string): true {
  const html = standInPageHtml(LABEL, CSS, title, body);
  res.writeHead(status, { ...HEADERS, 'content-length': String(Buffer.byteLength(html)) });
  res.end(html);
  return true;
}

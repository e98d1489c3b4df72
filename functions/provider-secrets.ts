// The provider secrets the stack creates (infra/constructs/provider-secrets.ts) and the functions read
// (functions/config.ts): for each provider, the setting that names its secret and the JSON fields it holds. Here, below
// both, so that the local runtime's deploy settings (functions/local/twin/deploy-settings.ts) read the same list
// without importing infra/.

/** A provider secret: the setting that names it and the JSON fields functions/config.ts reads. */
export const PROVIDER_SECRETS = {
  stripe: {
    setting: 'STRIPE_SECRET_ARN',
    fields: ['secretKey', 'webhookSecret'],
    description: 'Stripe: {"secretKey":"sk_…","webhookSecret":"whsec_…"}',
  },
  google: {
    setting: 'GOOGLE_SECRET_ARN',
    fields: ['placesApiKey', 'oauthClientId', 'oauthClientSecret'],
    description:
      'Google: {"placesApiKey":"…","oauthClientId":"….apps.googleusercontent.com","oauthClientSecret":"…"} (Places API (New), and the Business Profile OAuth client)',
  },
  twilio: {
    setting: 'TWILIO_SECRET_ARN',
    fields: ['accountSid', 'authToken', 'from'],
    description: 'Twilio: {"accountSid":"AC…","authToken":"…","from":"+1…"}',
  },
  push: {
    setting: 'PUSH_SECRET_ARN',
    fields: ['publicKey', 'privateKey', 'subject'],
    description:
      'Web push VAPID key pair: {"publicKey":"B…","privateKey":"…","subject":"mailto:…"} (base64url, from `npx web-push generate-vapid-keys`)',
  },
  openai: {
    setting: 'AI_SECRET_ARN',
    fields: ['apiKey'],
    description: 'OpenAI-compatible endpoint for AI drafts: {"apiKey":"sk-…"}',
  },
} as const;
export type Provider = keyof typeof PROVIDER_SECRETS;

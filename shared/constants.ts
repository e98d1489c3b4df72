// Business constants from the specification. Both the API and the web app read them here.
export const FREE_CLIENT_LIMIT = 10;
export const PRO_PRICE_USD = 15;
export const DASHBOARD_REMINDER_WINDOW_DAYS = 60;
export const DASHBOARD_REMINDER_LIMIT = 5;
export const MONTHLY_ACTIVITY_MONTHS = 6;
export const PROFILE_COMPLETION_ITEMS = 7;
export const PASSWORD_MIN_LENGTH = 6;
export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
/**
 * `__Host-`: the browser keeps it only when Secure, Path=/ and without Domain, so no subdomain can set or shadow it.
 */
export const SESSION_COOKIE = '__Host-session';
export const PRO_FEATURES = [
  'Unlimited client management',
  'AI-powered message generation',
  'Advanced analytics and reporting',
  'Priority customer support',
] as const;

// The caps by trust with the defaults as configured, and the pause rule at SES's review levels.
import { readConfig } from '../config';
import { dailySendCap, pauseReason, sendTier } from './send-trust';

const defaults = readConfig({ APP_URL: 'https://app.example.com', TABLE_NAME: 't' });
const now = new Date('2030-05-20T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe('caps by trust (the defaults)', () => {
  it.each([
    ['a free account created today', { isPro: false, signupDate: daysAgo(0) }, 'new', 20, 5],
    ['a free account 6 days 23 hours old', { isPro: false, signupDate: daysAgo(7 - 1 / 24) }, 'new', 20, 5],
    ['a free account 7 days old', { isPro: false, signupDate: daysAgo(7) }, 'free', 50, 10],
    ['a free account a year old', { isPro: false, signupDate: daysAgo(365) }, 'free', 50, 10],
    ['a Pro account created today', { isPro: true, signupDate: daysAgo(0) }, 'pro', 200, 50],
    ['a free account with no readable creation time', { isPro: false, signupDate: 'unknown' }, 'new', 20, 5],
  ] as const)('%s: tier %s, %i e-mails and %i texts a day', (_name, agent, tier, email, sms) => {
    expect(sendTier(agent, defaults, now)).toBe(tier);
    expect(dailySendCap(agent, 'email', defaults, now)).toBe(email);
    expect(dailySendCap(agent, 'sms', defaults, now)).toBe(sms);
  });
});

describe('the sending review', () => {
  const record = (emails: number, bounces: number, complaints: number, complainants = complaints) => ({
    emails,
    bounces,
    complaints,
    complainants,
  });
  it.each([
    [record(49, 49, 49), 50, null],
    [record(100, 5, 0), 50, null],
    [record(100, 6, 0), 50, 'bounces'],
    [record(1000, 0, 1), 50, null],
    [record(1000, 0, 2), 50, null],
    [record(1000, 0, 3), 50, 'complaints'],
    [record(1000, 0, 5, 2), 50, null],
    [record(100, 10, 1), 50, 'bounces'],
    [record(100, 10, 3), 50, 'complaints'],
  ] as const)('%j with at least %i e-mails: %s', (sent, minEmails, reason) => {
    expect(pauseReason(sent, minEmails)).toBe(reason);
  });

  it.each([
    [record(49, 10, 0), 'bounces'],
    [record(12, 9, 0), null],
    [record(50, 10, 0), 'bounces'],
    [record(200, 10, 0), null],
    [record(10, 0, 2), null],
  ] as const)('a new account: %j is judged on absolute counts too: %s', (sent, reason) => {
    expect(pauseReason(sent, 50, true)).toBe(reason);
    if (reason === 'bounces' && sent.emails < 50) expect(pauseReason(sent, 50, false)).toBeNull();
  });
});

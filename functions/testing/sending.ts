// What the API test files that send messages share: the local API started once per file, the
// sending settings a test may change put back after each test, and time zones chosen by the hour.
import { resetConfig } from '../config';
import { startTestApi, type TestApi } from './local-api';

/** Starts the local API before the file's tests and closes it after them; `ready` receives it. */
export function useTestApi(ready: (api: TestApi) => void): void {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await startTestApi();
    ready(api);
  });
  afterAll(async () => {
    await api?.close();
  });
}

/** Daily caps, the SES configuration set and the providers back to the local defaults. */
export function resetSendingSettings(): void {
  for (const name of ['DAILY_EMAIL_LIMIT', 'DAILY_SMS_LIMIT', 'SES_CONFIGURATION_SET']) delete process.env[name];
  process.env.MAIL_PROVIDER = 'outbox';
  process.env.SMS_PROVIDER = 'outbox';
  resetConfig();
}

/** An Etc/GMT zone where it is now `hour` o'clock (Etc/GMT-5 is UTC+5). */
export function zoneAtLocalHour(hour: number, now = new Date()): string {
  let offset = hour - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  // The zone's canonical name (Intl spells Etc/GMT as UTC), as the API answers it.
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

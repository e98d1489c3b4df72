// Sending a text message: SNS or Twilio (REST, no SDK) in AWS, the local outbox on this machine.
// The only place that chooses a provider.
import { CheckIfPhoneNumberIsOptedOutCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { config, twilioCredentials } from '../config';
import { authorizeStandIn, type AwsCall } from '../lib/function-environment';
import { phoneCountry, smsCountriesMessage } from '../domain/phone-numbers';
import { traced } from '../observability/tracing';
import { writeToOutbox } from './outbox';

export class SmsError extends Error {
  override name = 'SmsError';
  /** The provider's own reason, safe to show to an administrator. */
  constructor(
    readonly reason: string,
    /** The provider refuses because the recipient opted out (Twilio error 21610). */
    readonly optedOut = false,
  ) {
    super(reason);
  }
}

/** Twilio's "Attempt to send to unsubscribed recipient": the number replied STOP to our sender. */
const TWILIO_UNSUBSCRIBED = 21610;

let sns: SNSClient | undefined;

/** Whether text messages can be sent at all (Twilio needs its credentials; SNS and the outbox need nothing more). */
export async function smsConfigured(): Promise<boolean> {
  return config().smsProvider !== 'twilio' || (await twilio()) !== undefined;
}

/** The Twilio credentials; a failure to read them is Twilio's kind of failure (a message, never a 500). */
function twilio() {
  return twilioCredentials().catch(() => {
    throw new SmsError('The Twilio credentials could not be read. Please try again in a moment.');
  });
}

/**
 * `to` must be E.164 (+15125550100), in a country of SMS_ALLOWED_COUNTRIES (the last guard: callers check first and
 * answer better).
 */
export async function sendSms(
  to: string,
  text: string,
  { timeoutMs = 8000 }: { timeoutMs?: number } = {},
): Promise<void> {
  const { smsProvider, outboxDir, region, smsAllowedCountries, smsOriginationNumber } = config();
  if (!/^\+[1-9]\d{7,14}$/.test(to))
    throw new SmsError('The phone number must be in international format, like +15125550100.');
  if (!smsAllowedCountries.includes(phoneCountry(to) ?? ''))
    throw new SmsError(smsCountriesMessage(smsAllowedCountries));
  if (smsProvider === 'outbox') {
    if (!outboxDir) throw new SmsError('SMS_PROVIDER=outbox needs OUTBOX_DIR');
    standIn(() => ({ client: 'SNSClient', command: 'PublishCommand', input: { PhoneNumber: to, Message: text } }));
    await writeToOutbox(outboxDir, { channel: 'sms', to, subject: null, text, html: null });
    return;
  }
  if (smsProvider === 'twilio') {
    const credentials = await twilio();
    if (!credentials)
      throw new SmsError(
        'Twilio is not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (in AWS: the Twilio secret).',
      );
    let response: Response;
    try {
      response = await fetch(
        `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(credentials.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, From: credentials.from, Body: text }),
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
    } catch (error) {
      throw new SmsError(
        error instanceof Error && error.name === 'TimeoutError'
          ? 'Twilio did not answer in time.'
          : 'Twilio could not be reached.',
      );
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string; code?: number };
      throw new SmsError(
        body.message ?? `Twilio refused the message (HTTP ${response.status}).`,
        body.code === TWILIO_UNSUBSCRIBED,
      );
    }
    return;
  }
  sns ??= traced(new SNSClient({ region }));
  try {
    await sns.send(
      new PublishCommand({
        PhoneNumber: to,
        Message: text,
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
          // From the two-way number (SMS_ORIGINATION_NUMBER), so a reply or a STOP reaches jobs/sms-inbound.
          ...(smsOriginationNumber
            ? { 'AWS.MM.SMS.OriginationNumber': { DataType: 'String', StringValue: smsOriginationNumber } }
            : {}),
        },
      }),
    );
  } catch (error) {
    throw new SmsError(error instanceof Error ? error.message : 'Amazon SNS refused the message.');
  }
}

/**
 * Whether the provider itself holds this number as opted out: SNS keeps its own opt-out list (a
 * reply STOP to an SNS sender lands there); Twilio and the outbox answer false (Twilio's STOP reaches
 * us through the inbound webhook). A failed check is an SmsError: nothing is sent unchecked.
 */
export async function providerOptedOut(to: string): Promise<boolean> {
  if (config().smsProvider !== 'sns') {
    if (config().smsProvider === 'outbox')
      standIn(() => ({
        client: 'SNSClient',
        command: 'CheckIfPhoneNumberIsOptedOutCommand',
        input: { phoneNumber: to },
      }));
    return false;
  }
  sns ??= traced(new SNSClient({ region: config().region }));
  try {
    const out = await sns.send(new CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber: to }));
    return out.isOptedOut === true;
  } catch (error) {
    throw new SmsError(
      error instanceof Error
        ? `Amazon SNS could not check the opt-out list: ${error.message}`
        : 'Amazon SNS could not check the opt-out list.',
    );
  }
}

/**
 * The outbox stands in for SNS here: the deployed function's call is checked against its role (a denial: SmsError).
 */
function standIn(call: () => AwsCall): void {
  try {
    authorizeStandIn((deployed) => deployed.SMS_PROVIDER === 'sns', call);
  } catch (error) {
    throw new SmsError(error instanceof Error ? error.message : String(error));
  }
}

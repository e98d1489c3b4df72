// A text through SNS as SNS receives it (aws-sdk-client-mock): from the two-way number the stack names, so a reply or a
// STOP comes back to the number whose inbound texts reach jobs/sms-inbound.
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { ConfigError, readConfig } from '../config';
import { useOwnEnvironment } from '../testing/settings';
import { sendSms } from './sms';

const sns = mockClient(SNSClient);
const TWO_WAY_NUMBER = '+18885550123';

const setEnv = useOwnEnvironment({ APP_URL: 'http://localhost:3000', TABLE_NAME: 'test', SMS_PROVIDER: 'sns' });
beforeEach(() => {
  sns.reset();
  sns.on(PublishCommand).resolves({ MessageId: 'm-1', $metadata: {} });
});

describe('a text through SNS', () => {
  it('names the two-way origination number (AWS.MM.SMS.OriginationNumber) when SMS_ORIGINATION_NUMBER is set', async () => {
    // Prepare
    setEnv({ SMS_ORIGINATION_NUMBER: TWO_WAY_NUMBER });
    // Act
    await sendSms('+15125550100', 'Happy birthday, Jane!');
    // Assess
    const [call] = sns.commandCalls(PublishCommand);
    expect(call!.args[0].input).toEqual({
      PhoneNumber: '+15125550100',
      Message: 'Happy birthday, Jane!',
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        'AWS.MM.SMS.OriginationNumber': { DataType: 'String', StringValue: TWO_WAY_NUMBER },
      },
    });
  });

  it('leaves the choice to SNS without the setting', async () => {
    // Prepare
    setEnv({});
    // Act
    await sendSms('+15125550100', 'Hi');
    // Assess
    const attributes = sns.commandCalls(PublishCommand)[0]!.args[0].input.MessageAttributes;
    expect(Object.keys(attributes ?? {})).toEqual(['AWS.SNS.SMS.SMSType']);
  });

  it('refuses a setting that is not an E.164 number, at startup', () => {
    expect(() =>
      readConfig({ APP_URL: 'https://example.com', TABLE_NAME: 't', SMS_ORIGINATION_NUMBER: '5125550100' }),
    ).toThrow(ConfigError);
  });
});

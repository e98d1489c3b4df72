import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { resetConfig } from '../config';
import { enqueueDigests, takeLocalDigestMessages } from './digest-queue';

const sqs = mockClient(SQSClient);
const saved = { ...process.env };

function configure(env: Record<string, string | undefined>) {
  process.env = { ...saved, APP_URL: 'https://app.example.com', TABLE_NAME: 'table', ...env };
  resetConfig();
}

afterEach(() => {
  sqs.reset();
  process.env = { ...saved };
  resetConfig();
});

const messages = (n: number) => Array.from({ length: n }, (_, i) => ({ agentId: `agent${i}`, date: '2025-03-09' }));

describe('the reminders queue', () => {
  it('sends to SQS in batches of 10', async () => {
    // Prepare
    configure({ QUEUE_PROVIDER: 'sqs', REMINDERS_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/reminders' });
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });

    // Act
    await enqueueDigests(messages(25));

    // Assess
    const calls = sqs.commandCalls(SendMessageBatchCommand);
    expect(calls.map((c) => c.args[0].input.Entries?.length)).toEqual([10, 10, 5]);
    expect(calls[0]!.args[0].input.QueueUrl).toBe('https://sqs.us-east-1.amazonaws.com/1/reminders');
    expect(JSON.parse(calls[2]!.args[0].input.Entries![4]!.MessageBody!)).toEqual({
      agentId: 'agent24',
      date: '2025-03-09',
    });
  });

  it('sends again only the entries SQS refused', async () => {
    // Prepare
    configure({ QUEUE_PROVIDER: 'sqs', REMINDERS_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/reminders' });
    sqs
      .on(SendMessageBatchCommand)
      .resolvesOnce({ Failed: [{ Id: '2', Code: 'InternalError', SenderFault: false }] })
      .resolves({ Failed: [] });

    // Act
    await enqueueDigests(messages(3));

    // Assess
    const calls = sqs.commandCalls(SendMessageBatchCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.args[0].input.Entries).toEqual([
      { Id: '2', MessageBody: JSON.stringify({ agentId: 'agent2', date: '2025-03-09' }) },
    ]);
  });

  it('fails loudly without a queue URL rather than dropping the messages', async () => {
    configure({ QUEUE_PROVIDER: 'sqs', REMINDERS_QUEUE_URL: undefined });
    await expect(enqueueDigests(messages(1))).rejects.toThrow('REMINDERS_QUEUE_URL');
  });

  it('keeps the messages in this process for the local runtime', async () => {
    configure({ QUEUE_PROVIDER: 'memory' });
    takeLocalDigestMessages();
    await enqueueDigests(messages(2));
    expect(takeLocalDigestMessages()).toEqual(messages(2));
    expect(takeLocalDigestMessages()).toEqual([]);
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
  });
});

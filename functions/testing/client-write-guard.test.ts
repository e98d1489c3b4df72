// The one-writer guard catches a client write from any module but the client record's.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createClient } from '../client-record/record';
import { db, table } from '../data/db';
import { clientKey } from '../data/keys/clients';
import { OWNER, mayWriteClient, takeViolations, writerOf, writtenKeys } from './client-write-guard';
import { makePro } from './factories';
import { renameClientBehindTheOwnersBack } from './fixtures/rogue-client-writer';
import { startTestTable, type TestTable } from './table';

let testTable: TestTable;
beforeAll(async () => {
  testTable = await startTestTable();
});
afterAll(() => testTable.close());

describe('the client write guard', () => {
  it('names the module behind a write, past the transport', () => {
    const stack = [
      'node:internal/process/task_queues',
      '/repo/functions/data/db.ts',
      '/repo/functions/data/db.ts',
      '/repo/node_modules/@aws-sdk/lib-dynamodb/dist-cjs/index.js',
      '/repo/functions/data/messages.ts',
      '/repo/node_modules/jest-circus/build/utils.js',
    ];
    expect(writerOf(stack, '/repo')).toBe('functions/data/messages.ts');
    expect(writerOf(stack.slice(0, 4), '/repo')).toBeUndefined();
    expect(mayWriteClient('functions/data/messages.ts')).toBe(false);
    expect(mayWriteClient(OWNER)).toBe(true);
    expect(mayWriteClient('functions/handlers/clients/reviews.test.ts')).toBe(true);
  });

  it('reads the keys of puts, updates, deletes and batches', () => {
    const key = clientKey('a', 'c');
    expect(writtenKeys(new UpdateCommand({ TableName: 't', Key: key }))).toEqual([key]);
    const batch = {
      constructor: { name: 'BatchWriteItemCommand' },
      input: { RequestItems: { t: [{ DeleteRequest: { Key: { pk: { S: 'AGENT#a' }, sk: { S: 'CLIENT#c' } } } }] } },
    };
    expect(writtenKeys(batch)).toEqual([{ pk: { S: 'AGENT#a' }, sk: { S: 'CLIENT#c' } }]);
  });

  it('records a client write from another module, and none from the owner or a test arranging its case', async () => {
    const agentId = 'guard-agent';
    await makePro(agentId);
    const { client } = await createClient(agentId, { name: 'Ana Ruiz', email: 'ana@example.com', phone: '' });
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: clientKey(agentId, client.id),
        UpdateExpression: 'SET reviewRequestedAt = :t',
        ExpressionAttributeValues: { ':t': '2026-01-01T00:00:00.000Z' },
      }),
    );
    expect(takeViolations()).toEqual([]);

    await renameClientBehindTheOwnersBack(agentId, client.id);
    expect(takeViolations()).toEqual([
      `UpdateCommand of CLIENT#${client.id} from functions/testing/fixtures/rogue-client-writer.ts`,
    ]);
  });
});

// The table's key schema and indexes, as the local runtime creates them (infra/constructs/data.ts
// declares the same for AWS; a test keeps the two in step).
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export function tableDefinition(tableName: string): CreateTableCommandInput {
  const keys = (pk: string, sk: string) => [
    { AttributeName: pk, KeyType: 'HASH' as const },
    { AttributeName: sk, KeyType: 'RANGE' as const },
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'].map((name) => ({
      AttributeName: name,
      AttributeType: 'S',
    })),
    KeySchema: keys('pk', 'sk'),
    GlobalSecondaryIndexes: [
      { IndexName: 'gsi1', KeySchema: keys('gsi1pk', 'gsi1sk'), Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'gsi2', KeySchema: keys('gsi2pk', 'gsi2sk'), Projection: { ProjectionType: 'ALL' } },
      // Keys only: counted, and a page of it read back with BatchGet (functions/data/insights.ts).
      { IndexName: 'gsi3', KeySchema: keys('gsi3pk', 'gsi3sk'), Projection: { ProjectionType: 'KEYS_ONLY' } },
    ],
  };
}

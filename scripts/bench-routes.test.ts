// The bench's floor (scripts/bench-routes.ts): a request's DynamoDB calls, recorded as it ran and replayed, must do the
// work the request's calls did. A conditional Put the request applied is applied again (the request's own write has
// made its condition false), and one its condition refused is refused again.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, sendIf, table } from '../functions/data/db';
import { useHandlerApi } from '../functions/testing/handler-api';
import { recording, replay } from './bench-routes';

useHandlerApi();

const KEY = { pk: 'BENCH#replay', sk: 'ITEM' };
const read = async () => (await db().send(new GetCommand({ TableName: table(), Key: KEY, ConsistentRead: true }))).Item;
/** A Put of the item at `revision`, written only over `seen` (none: only where there is no item yet). */
const put = (revision: number, seen?: number) =>
  new PutCommand({
    TableName: table(),
    Item: { ...KEY, revision },
    ConditionExpression: seen === undefined ? 'attribute_not_exists(pk)' : 'revision = :seen',
    ExpressionAttributeValues: seen === undefined ? undefined : { ':seen': seen },
  });
/** The item changed behind the replay's back, so a write the replay makes shows. */
const touch = () => db().send(new PutCommand({ TableName: table(), Item: { ...KEY, revision: 2, touched: true } }));

describe("the floor's replay of a request's calls", () => {
  it('writes a conditional Put the request applied again, though its condition no longer holds', async () => {
    const { sent } = await recording(() => sendIf(put(1)));
    expect(await read()).toEqual({ ...KEY, revision: 1 });
    await touch();

    await replay(sent);

    expect(await read()).toEqual({ ...KEY, revision: 1 });
  });

  it('refuses again a conditional Put the request was refused, writing nothing', async () => {
    const { result, sent } = await recording(() => sendIf(put(9, 7)));
    expect(result).toBeUndefined();
    await touch();

    await replay(sent);

    expect(await read()).toEqual({ ...KEY, revision: 2, touched: true });
  });
});

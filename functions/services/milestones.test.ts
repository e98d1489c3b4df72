// Awarding a client's milestones against the table alone: what is awarded, and the reads it takes. (Synthetic client.)
import { createClient } from '../client-record/record';
import { getClient } from '../data/clients';
import { clientKey } from '../data/keys/clients';
import { listMilestones } from '../data/milestones';
import { dbCallsOf, readsOf } from '../testing/db-calls';
import { agentItem } from '../testing/factories';
import { startTestTable, type TestTable } from '../testing/table';
import { awardDueMilestones } from './milestones';

let testTable: TestTable;
beforeAll(async () => {
  testTable = await startTestTable();
});
afterAll(() => testTable.close());

describe('awarding the milestones of a client just written', () => {
  it('awards each due one once and remembers them on the client, from the client as written: no read of it', async () => {
    // Prepare: a homeowner of three years, as the create wrote it.
    const agent = await agentItem();
    const now = new Date('2026-06-01T12:00:00Z');
    const { client } = await createClient(
      agent.id,
      { name: 'Ana Ruiz', email: 'ana@example.com', phone: '', purchaseDate: '2023-02-06' },
      now,
    );

    // Act
    const { result: awarded, calls } = await dbCallsOf(() => awardDueMilestones(client, '2026-06-01', now));

    // Assess
    expect(awarded.map((milestone) => milestone.type).sort()).toEqual(['homeowner-1', 'homeowner-2', 'homeowner-3']);
    expect(readsOf(calls, clientKey(agent.id, client.id))).toBe(0);
    expect([...((await getClient(agent.id, client.id))!.awardedMilestones ?? [])].sort()).toEqual([
      'homeowner-1',
      'homeowner-2',
      'homeowner-3',
    ]);
    expect(await listMilestones(client.id)).toHaveLength(3);
    // Again: nothing new to award.
    expect(await awardDueMilestones((await getClient(agent.id, client.id))!, '2026-06-01', now)).toEqual([]);
  });
});

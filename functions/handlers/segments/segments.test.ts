// Renaming a saved segment (PATCH /api/segments/{id}) through its route: the name's rule, the filter kept, tenancy.
// Saving, listing and deleting are held by functions/handlers/clients/tags-bulk.test.ts.
import { SEGMENT_MESSAGES } from '@shared/segments';
import { signedInAgent } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

async function agentWithSegment() {
  const agent = await signedInAgent(api);
  const { client } = agent;
  for (const name of ['Ana Buyer', 'Ben Buyer']) {
    const added = await client.post('/api/clients', {
      name,
      email: `${name.split(' ')[0]}@example.com`,
      phone: '5125550100',
      tags: ['Buyer'],
    });
    expect(added.status).toBe(201);
  }
  const saved = await client.post('/api/segments', { name: 'Buyers', filter: { tag: 'Buyer' } });
  expect(saved.status).toBe(201);
  return { ...agent, segmentId: saved.body.id as string };
}

describe('PATCH /api/segments/{id}', () => {
  it('renames the segment, trimmed, and answers it with its filter and count as they are', async () => {
    // Prepare
    const { client, segmentId } = await agentWithSegment();
    // Act
    const res = await client.patch(`/api/segments/${segmentId}`, { name: '  Past buyers  ', filter: { tag: 'x' } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({ id: segmentId, name: 'Past buyers', filter: { tag: 'Buyer' }, count: 2 }),
    );
    expect((await client.get('/api/segments')).body.segments).toEqual([res.body]);
  });

  it('refuses a name that is not 1 to 60 characters, and keeps the old one', async () => {
    const { client, segmentId } = await agentWithSegment();
    for (const body of [{ name: '   ' }, { name: 'x'.repeat(61) }, {}]) {
      const res = await client.patch(`/api/segments/${segmentId}`, body);
      expect([res.status, res.body.errors]).toEqual([400, { name: SEGMENT_MESSAGES.name }]);
    }
    expect((await client.patch(`/api/segments/${segmentId}`, { name: 42 })).status).toBe(400);
    expect((await client.get('/api/segments')).body.segments[0].name).toBe('Buyers');
  });

  it("answers 404 for another agent's segment or a deleted one, and renames nothing", async () => {
    const owner = await agentWithSegment();
    const other = await signedInAgent(api);
    expect((await other.client.patch(`/api/segments/${owner.segmentId}`, { name: 'Mine now' })).status).toBe(404);
    expect((await owner.client.get('/api/segments')).body.segments[0].name).toBe('Buyers');

    expect((await owner.client.delete(`/api/segments/${owner.segmentId}`)).status).toBe(204);
    const gone = await owner.client.patch(`/api/segments/${owner.segmentId}`, { name: 'Back again' });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Segment not found');
    expect((await owner.client.get('/api/segments')).body.segments).toEqual([]);
  });
});

// GET /api/clients/{id}/home-value on FHFA's real figures (the shipped extract, stored by the home values job once for
// the file), and the client's ZIP code and purchase price through the form's create and edit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@shared/api-types';
import { FHFA_ATTRIBUTION, type HomeValue } from '@shared/home-value';
import { quarterNumber } from '../../domain/home-value';
import { parseStateFile, parseZip3Rows, type HpiSeries } from '../../domain/hpi-files';
import { readXlsxRows } from '../../lib/xlsx-rows';
import { clientInput, makePro } from '../../testing/factories';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';
import { HPI_EXTRACT_DIR, useStoredHpiIndexes } from '../../testing/hpi-files';
import { signedInAgent, type ApiClient } from '../../testing/local-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
useStoredHpiIndexes();

/** The extract's own figures, to check the answers against. */
const zip3 = parseZip3Rows(readXlsxRows(readFileSync(join(HPI_EXTRACT_DIR, 'hpi_at_3zip.xlsx'))));
const states = parseStateFile(readFileSync(join(HPI_EXTRACT_DIR, 'hpi_at_state.csv'), 'utf8'));
const valueAt = (series: HpiSeries, quarter: string) =>
  series.values[quarterNumber(quarter) - quarterNumber(series.first)]!;
const austin = zip3.series.find((s) => s.code === '787')!;
const texas = states.series.find((s) => s.code === 'TX')!;

async function proAgent() {
  const agent = await signedInAgent(api);
  await makePro(agent.user.id);
  return agent;
}

async function addClient(client: ApiClient, fields: Record<string, unknown>): Promise<Client> {
  const res = await client.post<Client>('/api/clients', clientInput(fields));
  expect(res.status).toBe(201);
  return res.body;
}

const homeValue = (client: ApiClient, id: string) => client.get<HomeValue>(`/api/clients/${id}/home-value`);

describe('GET /api/clients/{id}/home-value', () => {
  it("rolls the price forward by the ZIP area's index, as a range around it, with FHFA's release and attribution", async () => {
    const { client } = await proAgent();
    const home = await addClient(client, {
      address: '88 Barton Hills Dr, Austin, TX 78704',
      purchaseDate: '2015-05-20',
      purchasePrice: 400000,
    });
    const res = await homeValue(client, home.id);
    expect(res.status).toBe(200);
    const ratio = valueAt(austin, '2022Q4') / valueAt(austin, '2015Q2');
    expect(res.body).toEqual({
      estimateLow: expect.any(Number),
      estimateHigh: expect.any(Number),
      changeSincePurchasePct: Math.round((ratio - 1) * 1000) / 10,
      // The local market: the same index over its last year (2021Q4 to 2022Q4).
      yearChangePct: Math.round((valueAt(austin, '2022Q4') / valueAt(austin, '2021Q4') - 1) * 1000) / 10,
      geoUsed: { level: 'zip3', code: '787', label: 'ZIP codes 787xx' },
      fromQuarter: '2015Q2',
      vintage: { through: '2022Q4', fetchedAt: '2025-03-01T09:00:00.000Z' },
      attribution: FHFA_ATTRIBUTION,
    });
    const { estimateLow, estimateHigh } = res.body;
    expect(estimateLow! % 1000).toBe(0);
    expect(estimateLow!).toBeLessThan(400000 * ratio);
    expect(estimateHigh!).toBeGreaterThan(400000 * ratio);
  });

  it('gives the change since the purchase without a price, and no range', async () => {
    const { client } = await proAgent();
    const home = await addClient(client, { postalCode: '78745', purchaseDate: '2018-08-01' });
    const res = await homeValue(client, home.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ estimateLow: null, estimateHigh: null, geoUsed: { level: 'zip3', code: '787' } });
    expect(res.body.changeSincePurchasePct).toBeGreaterThan(0);
  });

  it.each([
    ['a purchase before the ZIP index starts (1995): the state’s', '78704', '1993-04-02', 'state', 'TX', 'Texas'],
    ["FHFA's metro index for a ZIP area with too few sales", '02215', '2010-01-15', 'metro', '022', undefined],
    ["a ZIP area of FHFA's state non-metro balance", '78957', '2010-01-15', 'state-nonmetro', '789', undefined],
    ['a ZIP area without an index in the file: the state’s', '75201', '2010-01-15', 'state', 'TX', 'Texas'],
  ])('uses %s', async (_case, postalCode, purchaseDate, level, code, label) => {
    const { client } = await proAgent();
    const home = await addClient(client, { postalCode, purchaseDate, purchasePrice: 300000 });
    const res = await homeValue(client, home.id);
    expect(res.status).toBe(200);
    expect(res.body.geoUsed).toMatchObject({ level, code, ...(label ? { label } : {}) });
    if (level === 'state') {
      expect(res.body.vintage.through).toBe('2024Q4');
      const ratio = valueAt(texas, '2024Q4') / valueAt(texas, res.body.fromQuarter);
      expect(res.body.changeSincePurchasePct).toBe(Math.round((ratio - 1) * 1000) / 10);
    }
  });

  it.each([
    ['no postal code', { purchaseDate: '2015-05-20' }, 'NO_POSTAL_CODE'],
    ['no purchase date', { postalCode: '78704' }, 'NO_PURCHASE_DATE'],
    ['a ZIP code no index covers', { postalCode: '00012', purchaseDate: '2015-05-20' }, 'NO_INDEX_FOR_AREA'],
    [
      'a purchase before every series (1991)',
      { postalCode: '78704', purchaseDate: '1988-06-01' },
      'PURCHASE_BEFORE_SERIES',
    ],
    [
      'a closing after the latest quarter',
      { postalCode: '78704', purchaseDate: '2025-06-01' },
      'PURCHASE_AFTER_SERIES',
    ],
  ])('refuses a client with %s: 422', async (_case, fields, code) => {
    const { client } = await proAgent();
    const home = await addClient(client, fields);
    const res = await client.get(`/api/clients/${home.id}/home-value`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code, message: expect.any(String) });
  });

  it('is Pro: a free agent gets 403 PRO_REQUIRED', async () => {
    const { client } = await signedInAgent(api);
    const home = await addClient(client, { postalCode: '78704', purchaseDate: '2015-05-20' });
    const res = await client.get(`/api/clients/${home.id}/home-value`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PRO_REQUIRED');
  });

  it("answers 404 for another agent's client", async () => {
    const owner = await proAgent();
    const other = await proAgent();
    const home = await addClient(owner.client, { postalCode: '78704', purchaseDate: '2015-05-20' });
    expect((await homeValue(other.client, home.id)).status).toBe(404);
  });
});

describe("the home's ZIP code and price through the form", () => {
  it('takes the ZIP code from the address (a ZIP+4 cut to five digits), and keeps the price', async () => {
    const { client } = await proAgent();
    const home = await addClient(client, {
      address: '5 Lakeway Blvd, Lakeway, TX 78734-1234',
      purchasePrice: 520000,
    });
    expect(home).toMatchObject({ postalCode: '78734', purchasePrice: 520000 });
  });

  it('follows the address on an edit, unless the agent set a ZIP code of their own', async () => {
    const { client } = await proAgent();
    const home = await addClient(client, { address: '1 Main St, Austin, TX 78701' });
    const moved = await client.patch<Client>(`/api/clients/${home.id}`, { address: '2 Oak St, Austin, TX 78704' });
    expect(moved.body.postalCode).toBe('78704');
    // The form sends every field: a blank ZIP code is the address's.
    const blank = await client.patch<Client>(`/api/clients/${home.id}`, {
      address: '3 Elm St, Austin, TX 78745',
      postalCode: '',
    });
    expect(blank.body.postalCode).toBe('78745');
    const own = await client.patch<Client>(`/api/clients/${home.id}`, { postalCode: '78746' });
    expect(own.body.postalCode).toBe('78746');
    const again = await client.patch<Client>(`/api/clients/${home.id}`, { address: '4 Pine St, Austin, TX 78702' });
    expect(again.body.postalCode).toBe('78746');
  });

  it('refuses a ZIP code that is not five digits and a price that is not whole dollars', async () => {
    const { client } = await proAgent();
    const res = await client.post('/api/clients', clientInput({ postalCode: '7870', purchasePrice: 450000.5 }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      postalCode: 'Enter a five-digit ZIP code',
      purchasePrice: 'Enter the price in whole dollars',
    });
  });
});

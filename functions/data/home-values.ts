// FHFA's house price indexes as stored: the releases in use, one item per place and release with its quarterly values,
// and the three-digit ZIP areas' states. A release is written whole before it is named in use (HPI / CURRENT), so a
// run cut part way leaves the release in use as it was; items are written again each month (TTL renewed), and those of
// a release no longer in use expire.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { HpiDatasetName, HpiRelease, HpiSeries } from '../domain/hpi-files';
import { batchGet, batchWrite, db, getItem, table } from './db';
import { hpiCurrentKey, hpiSeriesKey, zip3StatesKey } from './keys/home-values';

/** How long a stored item outlives its last rewrite: a year of failed fetches before the estimates stop. */
export const HPI_ITEM_DAYS = 400;

export type StoredRelease = { through: string; places: number; fetchedAt: string };
export type HpiCurrent = Partial<Record<HpiDatasetName, StoredRelease>>;
export type StoredSeries = HpiSeries & { dataset: HpiDatasetName; through: string };
/** Each three-digit ZIP area's state code, and the states' names by code. */
export type Zip3States = { states: Record<string, string>; names: Record<string, string> };

const ttlFrom = (now: Date) => Math.floor(now.getTime() / 1000) + HPI_ITEM_DAYS * 86_400;

export async function readCurrentReleases(): Promise<HpiCurrent> {
  const item = await getItem<{ datasets?: HpiCurrent }>(hpiCurrentKey());
  return item?.datasets ?? {};
}

/** The releases in use and a ZIP area's state (with its name), in one BatchGet. */
export async function readReleasesAndArea(
  zip3: string,
): Promise<{ current: HpiCurrent; state?: { code: string; name: string } }> {
  const items = await batchGet<{ sk: string; datasets?: HpiCurrent } & Partial<Zip3States>>([
    hpiCurrentKey(),
    zip3StatesKey(),
  ]);
  const current = items.find((item) => item.sk === hpiCurrentKey().sk)?.datasets ?? {};
  const areas = items.find((item) => item.sk === zip3StatesKey().sk);
  const code = areas?.states?.[zip3];
  return { current, ...(code ? { state: { code, name: areas?.names?.[code] ?? code } } : {}) };
}

/** The stored series of these places of the releases in use (those that exist). */
export async function readSeries(
  wanted: ReadonlyArray<{ dataset: HpiDatasetName; code: string; through: string }>,
): Promise<StoredSeries[]> {
  return batchGet<StoredSeries>(wanted.map((w) => hpiSeriesKey(w.dataset, w.code, w.through)));
}

/** Every series of the release, under its last quarter: the same release written again is the same items. */
export async function writeReleaseSeries(release: HpiRelease, now: Date): Promise<void> {
  const ttl = ttlFrom(now);
  await batchWrite(
    release.series.map((series) => ({
      PutRequest: {
        Item: {
          ...hpiSeriesKey(release.dataset, series.code, release.through),
          type: 'hpi-series',
          dataset: release.dataset,
          through: release.through,
          ...series,
          ttl,
        },
      },
    })),
  );
}

/** Names the release in use for its dataset: only once all its series are written. */
export async function setCurrentRelease(dataset: HpiDatasetName, release: StoredRelease): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: hpiCurrentKey(),
      UpdateExpression: 'SET #type = :type, #datasets = if_not_exists(#datasets, :empty)',
      ExpressionAttributeNames: { '#type': 'type', '#datasets': 'datasets' },
      ExpressionAttributeValues: { ':type': 'hpi-current', ':empty': {} },
    }),
  );
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: hpiCurrentKey(),
      UpdateExpression: 'SET #datasets.#dataset = :release',
      ExpressionAttributeNames: { '#datasets': 'datasets', '#dataset': dataset },
      ExpressionAttributeValues: { ':release': release },
    }),
  );
}

export async function writeZip3States(areas: Zip3States, now: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...zip3StatesKey(), type: 'hpi-zip3-states', ...areas, ttl: ttlFrom(now) },
    }),
  );
}

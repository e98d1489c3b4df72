// GET /api/clients/{id}/home-value: the client's purchase price rolled forward by FHFA's House Price Index, as a
// range (functions/domain/home-value.ts), from the index of their three-digit ZIP area (FHFA's own, or the metro's or
// the state's non-metro balance FHFA reports for it), else their state's. Two reads: the releases in use with the
// area's state, then the two series.
import { FHFA_ATTRIBUTION, type HomeValue, type HomeValueGeo, type HomeValueGeoLevel } from '@shared/home-value';
import { actorOf, clientFor } from '../data/client-access';
import type { ClientItem } from '../data/clients';
import { readReleasesAndArea, readSeries, type StoredSeries } from '../data/home-values';
import type { UserItem } from '../data/users';
import type { HpiDatasetName } from '../domain/hpi-files';
import {
  changePercent,
  estimateHomeValue,
  priceRange,
  yearChangePercent,
  type IndexSeries,
} from '../domain/home-value';
import { isRefusal, type HomeValueUnavailable, type NotFound } from '../domain/refusals';

const NO_CLIENT: NotFound<'client'> = { kind: 'not-found', what: 'client' };
const unavailable = (reason: HomeValueUnavailable['reason']): HomeValueUnavailable => ({
  kind: 'home-value-unavailable',
  reason,
});

export async function homeValueFor(
  user: UserItem,
  clientId: string,
): Promise<HomeValue | NotFound<'client'> | HomeValueUnavailable> {
  const client = await clientFor(actorOf(user), clientId);
  return client ? homeValueOf(client) : NO_CLIENT;
}

/** The estimate of a client already read (the monthly home update's too), or why there is none. */
export async function homeValueOf(
  client: Pick<ClientItem, 'postalCode' | 'purchaseDate' | 'purchasePrice'>,
): Promise<HomeValue | HomeValueUnavailable> {
  if (!client.postalCode) return unavailable('no-postal-code');
  if (!client.purchaseDate) return unavailable('no-purchase-date');
  const zip3 = client.postalCode.slice(0, 3);
  const { current, state } = await readReleasesAndArea(zip3);
  const wanted: Array<{ dataset: HpiDatasetName; code: string; through: string }> = [];
  if (current.zip3) wanted.push({ dataset: 'zip3', code: zip3, through: current.zip3.through });
  if (current.state && state) wanted.push({ dataset: 'state', code: state.code, through: current.state.through });
  const stored = wanted.length ? await readSeries(wanted) : [];
  // Most local first: the ZIP area's series, then the state's.
  const candidates = (['zip3', 'state'] as const).flatMap((dataset) => {
    const series = stored.find((s) => s.dataset === dataset);
    const release = current[dataset];
    return series && release ? [indexSeries(series, release.fetchedAt, state?.name)] : [];
  });
  const estimate = estimateHomeValue(candidates, client.purchaseDate);
  if (isRefusal(estimate)) return estimate;
  const range = client.purchasePrice ? priceRange(estimate, client.purchasePrice) : undefined;
  return {
    estimateLow: range?.low ?? null,
    estimateHigh: range?.high ?? null,
    changeSincePurchasePct: changePercent(estimate),
    yearChangePct: yearChangePercent(estimate.series),
    geoUsed: estimate.series.geo,
    fromQuarter: estimate.fromQuarter,
    vintage: { through: estimate.series.through, fetchedAt: estimate.series.fetchedAt },
    attribution: FHFA_ATTRIBUTION,
  };
}

function indexSeries(series: StoredSeries, fetchedAt: string, stateName = series.code): IndexSeries {
  return {
    geo: geoOf(series.level, series.code, stateName),
    first: series.first,
    values: series.values,
    through: series.through,
    fetchedAt,
  };
}

function geoOf(level: HomeValueGeoLevel, code: string, stateName: string): HomeValueGeo {
  const labels: Record<HomeValueGeoLevel, string> = {
    zip3: `ZIP codes ${code}xx`,
    metro: `the metro area of ZIP codes ${code}xx`,
    'state-nonmetro': `non-metro ${stateName} (ZIP codes ${code}xx)`,
    state: stateName,
  };
  return { level, code, label: labels[level] };
}

// A past client's home value from FHFA's public House Price Index (GET /api/clients/{id}/home-value): the answer's
// shape, the attribution FHFA asks for, and the refusal codes. The method: README, Home values.

/** FHFA's required attribution, shown wherever an estimate is. */
export const FHFA_ATTRIBUTION = 'This product uses FHFA Data but is neither endorsed nor certified by FHFA.';

/**
 * Which index the estimate rolled the price with, most local first: FHFA's native three-digit ZIP index; the metro
 * (MSA/MSAD) index, or the state's non-metro balance, that FHFA's three-digit ZIP file reports where the ZIP area has
 * too few sales of its own; else the state's index.
 */
export type HomeValueGeoLevel = 'zip3' | 'metro' | 'state-nonmetro' | 'state';

export type HomeValueGeo = {
  level: HomeValueGeoLevel;
  /** The three digits (`787`) or the state's code (`TX`). */
  code: string;
  /** In words: "ZIP codes 787xx", "Texas". */
  label: string;
};

/** The release an estimate comes from: its last quarter (`2022Q4`) and when the stored copy was fetched. */
export type HomeValueVintage = { through: string; fetchedAt: string };

/** GET /api/clients/{id}/home-value. */
export type HomeValue = {
  /** Whole dollars, rounded to the thousand; null when the client has no purchase price. */
  estimateLow: number | null;
  estimateHigh: number | null;
  /** The index's change from the purchase's quarter to the latest, in percent (one decimal). */
  changeSincePurchasePct: number;
  /** The local market: the same index's change over its last year (the four quarters to the latest), or null. */
  yearChangePct: number | null;
  geoUsed: HomeValueGeo;
  /** The purchase's quarter and the latest quarter of the series used. */
  fromQuarter: string;
  vintage: HomeValueVintage;
  attribution: typeof FHFA_ATTRIBUTION;
};

/** The 422 codes of GET /api/clients/{id}/home-value. */
export const HOME_VALUE_CODES = {
  'no-postal-code': 'NO_POSTAL_CODE',
  'no-purchase-date': 'NO_PURCHASE_DATE',
  'no-index-for-area': 'NO_INDEX_FOR_AREA',
  'purchase-before-series': 'PURCHASE_BEFORE_SERIES',
  'purchase-after-series': 'PURCHASE_AFTER_SERIES',
} as const;

// Keys of FHFA's house price indexes, as the home values job stores them. Access patterns:
//  - the releases in use ..... GetItem HPI / CURRENT → per dataset (state, zip3) the release's last quarter, its
//                              places and when it was fetched
//  - a place's series ........ BatchGet HPISERIES#<level>#<code> / R#<release's last quarter> (the values from its
//                              first quarter; one item per series and release, a few KB: DynamoDB's 400 KB is far)
//  - the ZIP areas' states ... GetItem HPI / ZIP3STATES → each three-digit area's state (where most of its ZIP codes
//                              lie) and the states' names: one item of about 12 KB, read with CURRENT in one BatchGet
export const hpiCurrentKey = () => ({ pk: 'HPI', sk: 'CURRENT' });
export const zip3StatesKey = () => ({ pk: 'HPI', sk: 'ZIP3STATES' });
export const hpiSeriesKey = (dataset: 'state' | 'zip3', code: string, through: string) => ({
  pk: `HPISERIES#${dataset}#${code}`,
  sk: `R#${through}`,
});

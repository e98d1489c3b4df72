// The single-use token of an e-mailed link rides in the URL fragment (`#token=…`): browsers never
// send a fragment to any server, so no access log (CloudFront's included) and no Referer carries it.
export const LINK_TOKEN_PARAM = 'token';

/** `path#token=…`: an app path carrying a link token where only the browser sees it. */
export const tokenLinkPath = (path: string, token: string): string =>
  `${path}#${LINK_TOKEN_PARAM}=${encodeURIComponent(token)}`;

/**
 * The token of a link, from its fragment, else from the query of links mailed before tokens moved
 * to the fragment (`legacy`: the caller should take it out of the query at once).
 */
export function linkTokenOf(location: { hash: string; search: string }): { token: string | null; legacy: boolean } {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get(LINK_TOKEN_PARAM);
  if (fromHash !== null) return { token: fromHash, legacy: false };
  const fromQuery = new URLSearchParams(location.search).get(LINK_TOKEN_PARAM);
  return { token: fromQuery, legacy: fromQuery !== null };
}

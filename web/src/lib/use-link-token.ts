// The token of the e-mailed link that opened this page (see shared/link-token.ts). A link mailed
// before tokens moved to the fragment has it in the query: it still works, and the token moves to
// the fragment at once (history.replaceState) so it does not linger in history, a reload or a Referer.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LINK_TOKEN_PARAM, linkTokenOf } from '@shared/link-token';

export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const { token, legacy } = linkTokenOf(location);

  useEffect(() => {
    if (!legacy || token === null) return;
    const search = new URLSearchParams(location.search);
    search.delete(LINK_TOKEN_PARAM);
    const query = search.toString();
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
    hash.set(LINK_TOKEN_PARAM, token);
    navigate(
      { pathname: location.pathname, search: query ? `?${query}` : '', hash: `#${hash.toString()}` },
      { replace: true, state: location.state },
    );
  }, [legacy, token, location.pathname, location.search, location.hash, location.state, navigate]);

  return token;
}

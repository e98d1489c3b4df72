// The clients page's dialogs (utils/client-dialogs.ts) with the page's ways of opening them, and
// /clients?action=add or ?action=import (the dashboard's first-client buttons) opening that dialog.
import { useCallback, useEffect, useMemo, useReducer, type Dispatch } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Client } from '@shared/api-types';
import {
  clientDialogsReducer,
  noClientDialogs,
  type ClientDialogsAction,
  type ClientDialogsState,
} from '../utils/client-dialogs-state';

type UseClientDialogsOptions = {
  /** Add Client opens the upgrade notice instead of the form. */
  atFreeLimit: boolean;
  /** Whether the plan's count is known (or cannot be): a ?action= waits for it. */
  countKnown: boolean;
};

export type ClientDialogs = {
  state: ClientDialogsState;
  dispatch: Dispatch<ClientDialogsAction>;
  handleAdd: () => void;
  handleImport: () => void;
  handleEdit: (client: Client) => void;
  handleAskDelete: (client: Client) => void;
};

export function useClientDialogs({ atFreeLimit, countKnown }: UseClientDialogsOptions): ClientDialogs {
  const [state, dispatch] = useReducer(clientDialogsReducer, noClientDialogs);
  const handleAdd = useCallback(() => dispatch({ type: 'add', atFreeLimit }), [atFreeLimit]);
  const openers = useMemo(
    () => ({
      handleImport: () => dispatch({ type: 'import' }),
      handleEdit: (client: Client) => dispatch({ type: 'edit', client }),
      handleAskDelete: (client: Client) => dispatch({ type: 'ask-delete', client }),
    }),
    [],
  );

  const [searchParams, setSearchParams] = useSearchParams();
  const action = searchParams.get('action');
  useEffect(() => {
    if (!action || !countKnown) return;
    if (action === 'add') handleAdd();
    if (action === 'import') dispatch({ type: 'import' });
    setSearchParams(
      (params) => {
        params.delete('action');
        return params;
      },
      { replace: true },
    );
  }, [action, countKnown, handleAdd, setSearchParams]);

  return { state, dispatch, handleAdd, ...openers };
}

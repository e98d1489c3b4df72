// Which of the clients page's dialogs is open, and for which client. One state decides it, so the
// dialogs cannot disagree: the form gives way to the upgrade notice.
import type { Client } from '@shared/api-types';

/** A dialog in front of the page. */
export type FrontDialog =
  { name: 'form' } | { name: 'delete'; client: Client } | { name: 'import' } | { name: 'upgrade' };

export type ClientDialogsState = {
  front: FrontDialog | null;
  /**
   * The form's client, null when adding. Kept after the form closes, so the closing dialog keeps
   * its title and fields while it fades out.
   */
  formClient: Client | null;
};

export type ClientDialogsAction =
  /** Add Client: the form, or the upgrade notice when the free plan is full. */
  | { type: 'add'; atFreeLimit: boolean }
  | { type: 'edit'; client: Client }
  | { type: 'ask-delete'; client: Client }
  | { type: 'import' }
  /** The upgrade notice, in place of whatever is in front (the form the server refused). */
  | { type: 'upgrade' }
  /** Closes `dialog` if it is the one in front. */
  | { type: 'close'; dialog: FrontDialog['name'] }
  /** A client was saved: the form closes. */
  | { type: 'updated'; client: Client }
  /** A client is gone: the confirmation closes. */
  | { type: 'deleted'; client: Client };

export const noClientDialogs: ClientDialogsState = { front: null, formClient: null };

const closing = (state: ClientDialogsState, dialog: FrontDialog['name']): ClientDialogsState =>
  state.front?.name === dialog ? { ...state, front: null } : state;

export function clientDialogsReducer(state: ClientDialogsState, action: ClientDialogsAction): ClientDialogsState {
  switch (action.type) {
    case 'add':
      return action.atFreeLimit
        ? { ...state, front: { name: 'upgrade' } }
        : { ...state, front: { name: 'form' }, formClient: null };
    case 'edit':
      return { ...state, front: { name: 'form' }, formClient: action.client };
    case 'ask-delete':
      return { ...state, front: { name: 'delete', client: action.client } };
    case 'import':
      return { ...state, front: { name: 'import' } };
    case 'upgrade':
      return { ...state, front: { name: 'upgrade' } };
    case 'close':
      return closing(state, action.dialog);
    case 'updated':
      return closing(state, 'form');
    case 'deleted':
      return closing(state, 'delete');
  }
}

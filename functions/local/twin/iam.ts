// IAM's evaluation of identity policies for one request, as AWS documents it ("Policy evaluation
// logic", "IAM JSON policy elements"): an explicit Deny wins; otherwise a statement must Allow with
// its Action (or NotAction) matching the action, its Resource (or NotResource) matching the
// resource, and every condition holding; otherwise the request is implicitly denied. Actions match
// case-insensitively with * and ?; ARNs match component by component (ArnLike); condition operators
// are the string, ARN, Bool, Null and numeric ones, with IfExists and ForAnyValue/ForAllValues.
//
// Written here rather than taken from npm: @cloud-copilot/iam-simulate and its iam-policy and
// iam-utils packages are AGPL-3.0, which this product's licence cannot take on; pbac (MIT) matches
// actions case-sensitively and fails on a single-string Action, which CloudFormation emits.

export type PolicyStatement = {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, unknown>>;
};

export type IamRequest = {
  /** `dynamodb:Query` */
  action: string;
  /** The resource ARN (`*` for an action that names none). */
  resource: string;
  /** Condition keys of the request (`aws:SecureTransport`, `s3:prefix`…), case-insensitive. */
  context?: Record<string, string | string[] | boolean | number | undefined>;
};

export type Decision = { allowed: boolean; reason: 'allowed' | 'explicit-deny' | 'implicit-deny'; statement?: string };

export function evaluate(statements: readonly PolicyStatement[], request: IamRequest): Decision {
  let allowedBy: PolicyStatement | undefined;
  for (const statement of statements) {
    if (!applies(statement, request)) continue;
    if (statement.Effect === 'Deny') return { allowed: false, reason: 'explicit-deny', statement: statement.Sid };
    allowedBy ??= statement;
  }
  return allowedBy
    ? { allowed: true, reason: 'allowed', statement: allowedBy.Sid }
    : { allowed: false, reason: 'implicit-deny' };
}

const list = (value: string | string[] | undefined): string[] | undefined =>
  value === undefined ? undefined : [value].flat();

function applies(statement: PolicyStatement, request: IamRequest): boolean {
  const actions = list(statement.Action);
  const notActions = list(statement.NotAction);
  if (actions && !actions.some((pattern) => wildcardMatch(pattern, request.action, true))) return false;
  if (notActions && notActions.some((pattern) => wildcardMatch(pattern, request.action, true))) return false;
  const resources = list(statement.Resource);
  const notResources = list(statement.NotResource);
  if (resources && !resources.some((pattern) => arnLike(pattern, request.resource))) return false;
  if (notResources && notResources.some((pattern) => arnLike(pattern, request.resource))) return false;
  return conditionsHold(statement.Condition ?? {}, request.context ?? {});
}

const compiledPatterns = new Map<string, RegExp>();

/** `*` any run of characters, `?` any one; the rest literally. Each pattern is compiled once (every SDK call asks). */
export function wildcardMatch(pattern: string, value: string, ignoreCase = false): boolean {
  const key = `${ignoreCase ? 'i' : 's'}${pattern}`;
  let regex = compiledPatterns.get(key);
  if (!regex) {
    const source = pattern
      .split('')
      .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('');
    regex = new RegExp(`^${source}$`, ignoreCase ? 'is' : 's');
    compiledPatterns.set(key, regex);
  }
  return regex.test(value);
}

/**
 * ArnLike: `*` alone matches anything; otherwise both must be ARNs, compared on their first five components one by
 * one and on the rest (the resource, which may hold colons) as a whole.
 */
export function arnLike(pattern: string, arn: string): boolean {
  if (pattern === '*') return true;
  const p = splitArn(pattern);
  const a = splitArn(arn);
  if (!p || !a) return wildcardMatch(pattern, arn);
  return p.every((part, index) => wildcardMatch(part, a[index]!));
}

function splitArn(value: string): string[] | undefined {
  const parts = value.split(':');
  if (parts.length < 6 || parts[0] !== 'arn') return undefined;
  return [...parts.slice(0, 5), parts.slice(5).join(':')];
}

type Operator = (actual: string, expected: string) => boolean;

const OPERATORS: Record<string, Operator> = {
  StringEquals: (a, e) => a === e,
  StringNotEquals: (a, e) => a !== e,
  StringEqualsIgnoreCase: (a, e) => a.toLowerCase() === e.toLowerCase(),
  StringNotEqualsIgnoreCase: (a, e) => a.toLowerCase() !== e.toLowerCase(),
  StringLike: (a, e) => wildcardMatch(e, a),
  StringNotLike: (a, e) => !wildcardMatch(e, a),
  ArnEquals: (a, e) => a === e,
  ArnNotEquals: (a, e) => a !== e,
  ArnLike: (a, e) => arnLike(e, a),
  ArnNotLike: (a, e) => !arnLike(e, a),
  Bool: (a, e) => a.toLowerCase() === e.toLowerCase(),
  NumericEquals: (a, e) => Number(a) === Number(e),
  NumericNotEquals: (a, e) => Number(a) !== Number(e),
  NumericLessThan: (a, e) => Number(a) < Number(e),
  NumericLessThanEquals: (a, e) => Number(a) <= Number(e),
  NumericGreaterThan: (a, e) => Number(a) > Number(e),
  NumericGreaterThanEquals: (a, e) => Number(a) >= Number(e),
};
/** Negated operators hold when the key is absent (AWS: "…NotEquals" matches a request without the key). */
const NEGATED = /Not(Equals|Like)/;

function conditionsHold(
  condition: Record<string, Record<string, unknown>>,
  context: NonNullable<IamRequest['context']>,
): boolean {
  const lookup = (key: string) => {
    const found = Object.entries(context).find(([k]) => k.toLowerCase() === key.toLowerCase());
    if (!found || found[1] === undefined) return undefined;
    return [found[1]].flat().map(String);
  };
  return Object.entries(condition).every(([rawOperator, keys]) => {
    let operator = rawOperator;
    let set: 'any' | 'all' | undefined;
    if (operator.startsWith('ForAnyValue:')) [set, operator] = ['any', operator.slice('ForAnyValue:'.length)];
    else if (operator.startsWith('ForAllValues:')) [set, operator] = ['all', operator.slice('ForAllValues:'.length)];
    const ifExists = operator.endsWith('IfExists');
    if (ifExists) operator = operator.slice(0, -'IfExists'.length);
    return Object.entries(keys).every(([key, expectedRaw]) => {
      const expected = [expectedRaw].flat().map(String);
      const actual = lookup(key);
      if (operator === 'Null') return expected[0] === 'true' ? actual === undefined : actual !== undefined;
      const test = OPERATORS[operator];
      if (!test) throw new Error(`The twin does not know the IAM condition operator ${rawOperator}`);
      if (actual === undefined) return ifExists || set === 'all' || (set === undefined && NEGATED.test(operator));
      const one = (value: string) =>
        NEGATED.test(operator) ? expected.every((e) => test(value, e)) : expected.some((e) => test(value, e));
      if (set === 'all') return actual.every(one);
      return actual.some(one);
    });
  });
}

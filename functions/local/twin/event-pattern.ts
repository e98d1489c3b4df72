// EventBridge's event-pattern matching, for the twin to deliver an event to a job only when a rule of the template
// would (and SNS filter policies, which share the syntax). As AWS documents it ("Amazon EventBridge event patterns",
// "Comparison operators"): every field of the pattern must match; a field's array lists alternatives; a nested object
// matches the event's object at that field; an array in the event matches when any of its elements does; only
// `exists: false` matches a field the event lacks. A pattern EventBridge would refuse (a value not in an array, an
// unknown operator) throws here, so a mistake in the template is loud rather than a silent non-match.

export type EventPattern = Readonly<Record<string, unknown>>;

type Leaf = string | number | boolean | null;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function matchesEventPattern(pattern: EventPattern, event: unknown): boolean {
  if (!isObject(pattern)) throw new Error('An event pattern is a JSON object');
  return matchesObject(pattern, event);
}

function matchesObject(pattern: Record<string, unknown>, value: unknown): boolean {
  return Object.entries(pattern).every(([key, sub]) => {
    if (key === '$or') {
      if (!Array.isArray(sub) || sub.length === 0 || !sub.every(isObject))
        throw new Error('$or takes an array of patterns');
      return sub.some((alternative) => matchesObject(alternative, value));
    }
    return matchesField(key, sub, isObject(value) ? value[key] : undefined);
  });
}

function matchesField(key: string, pattern: unknown, value: unknown): boolean {
  if (isObject(pattern))
    return Array.isArray(value)
      ? value.some((element) => matchesObject(pattern, element))
      : matchesObject(pattern, value);
  if (!Array.isArray(pattern)) throw new Error(`The pattern of "${key}" must be an array or an object`);
  const leaves = leavesOf(value);
  return pattern.some((matcher) => {
    if (isObject(matcher) && 'exists' in matcher) {
      if (typeof matcher.exists !== 'boolean') throw new Error('exists takes true or false');
      return matcher.exists ? leaves.length > 0 : value === undefined;
    }
    return leaves.some((leaf) => matchesLeaf(matcher, leaf));
  });
}

/** The values a field holds: itself, or each element of an array (an object is no leaf). */
function leavesOf(value: unknown): Leaf[] {
  if (value === undefined || isObject(value)) return [];
  if (Array.isArray(value)) return value.flatMap(leavesOf);
  return [value as Leaf];
}

function matchesLeaf(matcher: unknown, leaf: Leaf): boolean {
  if (!isObject(matcher)) {
    if (Array.isArray(matcher)) throw new Error('A matcher is a value or an operator object, never an array');
    return matcher === leaf;
  }
  const entries = Object.entries(matcher);
  if (entries.length !== 1) throw new Error(`An operator object has one operator (got ${JSON.stringify(matcher)})`);
  const [operator, operand] = entries[0]!;
  switch (operator) {
    case 'anything-but':
      return !anyOf(operand, leaf);
    case 'numeric':
      return typeof leaf === 'number' && numericMatches(operand, leaf);
    default:
      return stringOperatorMatches(operator, operand, leaf);
  }
}

/** Whether `leaf` is one of what anything-but excludes: a value, a list of values, or a string operator. */
function anyOf(operand: unknown, leaf: Leaf): boolean {
  if (Array.isArray(operand)) return operand.some((value) => value === leaf);
  if (!isObject(operand)) return operand === leaf;
  const entries = Object.entries(operand);
  if (entries.length !== 1) throw new Error('anything-but takes one operator');
  const [operator, values] = entries[0]!;
  return [values].flat().some((value) => stringOperatorMatches(operator, value, leaf));
}

function stringOperatorMatches(operator: string, operand: unknown, leaf: Leaf): boolean {
  const ignoringCase = isObject(operand) && typeof operand['equals-ignore-case'] === 'string';
  const text = ignoringCase ? (operand['equals-ignore-case'] as string) : operand;
  if (typeof text !== 'string') throw new Error(`${operator} takes a string`);
  if (ignoringCase && operator !== 'prefix' && operator !== 'suffix')
    throw new Error(`${operator} takes no equals-ignore-case`);
  if (typeof leaf !== 'string') return false;
  const fold = (value: string) => (ignoringCase || operator === 'equals-ignore-case' ? value.toLowerCase() : value);
  switch (operator) {
    case 'prefix':
      return fold(leaf).startsWith(fold(text));
    case 'suffix':
      return fold(leaf).endsWith(fold(text));
    case 'equals-ignore-case':
      return fold(leaf) === fold(text);
    case 'wildcard':
      return wildcardRegExp(text).test(leaf);
    default:
      throw new Error(`The twin's event patterns have no operator "${operator}"`);
  }
}

const COMPARISONS: Record<string, (a: number, b: number) => boolean> = {
  '=': (a, b) => a === b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

function numericMatches(operand: unknown, leaf: number): boolean {
  if (!Array.isArray(operand) || operand.length === 0 || operand.length % 2 !== 0)
    throw new Error('numeric takes pairs of an operator and a number');
  for (let i = 0; i < operand.length; i += 2) {
    const compare = COMPARISONS[String(operand[i])];
    const bound = operand[i + 1];
    if (!compare || typeof bound !== 'number') throw new Error(`numeric: "${String(operand[i])}" ${String(bound)}`);
    if (!compare(leaf, bound)) return false;
  }
  return true;
}

/** `*` matches any run of characters; `\*` is a star and `\\` a backslash. */
function wildcardRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i]!;
    if (char === '\\' && i + 1 < pattern.length) source += escape(pattern[(i += 1)]!);
    else source += char === '*' ? '.*' : escape(char);
  }
  return new RegExp(`^${source}$`, 's');
}

const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

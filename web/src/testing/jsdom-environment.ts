// The web project's Jest environment: Jest's jsdom, with computed styles worked out to the same values at a fraction of
// the cost.
//
// To resolve `visibility` (every getComputedStyle call does), jsdom 20 matches every rule of every
// style sheet (its default one included: 120 rules) against the element, and when none declares
// `visibility`, again against its parent, and so on up to <html>. A role query asks it for every
// element of the page, and user-event's pointer check for every ancestor of what it clicks: that walk
// was four fifths of jsdom's style work, most of it matching rules that declare no `visibility` at
// all. Here a rule is matched only when it declares the property: the same cascade, in the same
// order, so the same value.
//
// Then each rule is matched (by nwsapi, through its cache of compiled selectors) only when the element has the type,
// classes and id its selector's last compound names: a rule of the app's CSS is nearly always `.css-…` or `.Mui…`,
// which few elements have, so most matches are answered by a look at the element's class list. The rules that match
// are the same ones, met in the same order. getComputedStyle had been a tenth of the web tests' CPU, mostly that.
import { createRequire } from 'node:module';
import { TestEnvironment } from 'jest-environment-jsdom';

type Style = { getPropertyValue(property: string): string | null };
type Rule = { selectorText?: string; style?: Style; media?: ArrayLike<string>; cssRules?: ArrayLike<Rule> };
type Sheet = { cssRules: ArrayLike<Rule> };
type ElementImpl = {
  style: Style;
  parentElement: ElementImpl | null;
  _ownerDocument: { styleSheets: { _list: Sheet[] }; compatMode: string };
};
type ResolvedProperty = { inherited: boolean; initial: string; computedValue: string };
type ElementWithAttributes = ElementImpl & { getAttributeNS(namespace: null, name: string): string | null };

const fromJsdom = createRequire(require.resolve('jsdom'));
const styleRules = fromJsdom('./jsdom/living/helpers/style-rules.js') as {
  propertiesWithResolvedValueImplemented: Record<string, ResolvedProperty>;
  getResolvedValue(element: ElementImpl, property: string): string;
  forEachMatchingSheetRuleOfElement(element: ElementImpl, handleRule: (rule: Rule) => void): void;
};
const { matchesDontThrow } = fromJsdom('./jsdom/living/helpers/selectors.js') as {
  matchesDontThrow(element: ElementImpl, selector: string | undefined): boolean;
};
const cssom = fromJsdom('cssom') as { parse(css: string): Sheet };
const defaultStyleSheet = cssom.parse(fromJsdom('./jsdom/browser/default-stylesheet.js') as string);

// Window.js copies getResolvedValue and forEachMatchingSheetRuleOfElement when it loads: it must not have loaded yet.
if (fromJsdom.cache[fromJsdom.resolve('./jsdom/browser/Window.js')])
  throw new Error('jsdom-environment must load before jsdom');

/** What one selector of a list requires of the element in its last compound: its type, classes and id (if any). */
type Required = { type: string | undefined; classes: string[]; id: string | undefined };

/** A compound selector this file reads: a type or `*`, then classes, ids and pseudo-classes (their arguments gone). */
const READABLE_COMPOUND = /^(\*|[a-zA-Z][-a-zA-Z0-9]*)?([.#]-?[_a-zA-Z][-_a-zA-Z0-9]*|::?[-a-zA-Z]+)*$/;

/** `text` without what its parentheses hold (`:not(.a)` requires no class), or undefined when they do not balance. */
function withoutArguments(text: string): string | undefined {
  let depth = 0;
  let kept = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (depth === 0) kept += char;
    if (depth < 0) return undefined;
  }
  return depth === 0 ? kept : undefined;
}

/**
 * What each selector of a list requires of an element (`any` when one of them names no type, class or id it requires),
 * read only from selectors without attribute tests, strings or escapes: any other list is matched in full.
 */
function requirementsOf(selectorList: string): Required[] | 'any' {
  if (/[[\\"']/.test(selectorList)) return 'any';
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectorList.length; i += 1) {
    const char = selectorList[i];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      selectors.push(selectorList.slice(start, i));
      start = i + 1;
    }
  }
  selectors.push(selectorList.slice(start));
  const required: Required[] = [];
  for (const selector of selectors) {
    // The last compound: after the last combinator outside parentheses.
    const trimmed = selector.trim();
    let last = 0;
    depth = 0;
    for (let i = 0; i < trimmed.length; i += 1) {
      const char = trimmed[i]!;
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      else if (depth === 0 && /[\s>+~]/.test(char)) last = i + 1;
    }
    const compound = withoutArguments(trimmed.slice(last));
    if (compound === undefined || compound === '' || !READABLE_COMPOUND.test(compound)) return 'any';
    const named = /^[a-zA-Z][-a-zA-Z0-9]*/.exec(compound)?.[0];
    const classes = [...compound.matchAll(/\.(-?[_a-zA-Z][-_a-zA-Z0-9]*)/g)].map((match) => match[1]!);
    const ids = [...compound.matchAll(/#(-?[_a-zA-Z][-_a-zA-Z0-9]*)/g)].map((match) => match[1]!);
    if (named === undefined && classes.length === 0 && ids.length === 0) return 'any';
    // Two different ids in one compound match nothing: matched in full like any other.
    if (new Set(ids).size > 1) return 'any';
    required.push({ type: named?.toLowerCase(), classes, id: ids[0] });
  }
  return required;
}

const requirementsBySelector = new Map<string, Required[] | 'any'>();

/**
 * Calls `handle` with each style rule that applies to the element, as jsdom's forEachMatchingSheetRuleOfElement does:
 * the default sheet, then the document's sheets in order, a screen media rule's rules in place. A rule whose selectors
 * each name a type (whatever its case), a class or an id the element does not have is passed over without matching it.
 * Classes are read from the class attribute as nwsapi reads them (split at any white space); class and id selectors
 * are case-sensitive in a document in standards mode, as the tests' is (in quirks mode every rule is matched).
 */
function forEachRuleOf(element: ElementImpl, handle: (rule: Rule) => void, declares?: string): void {
  const standards = element._ownerDocument.compatMode === 'CSS1Compat';
  const withAttributes = element as ElementWithAttributes;
  const type = (element as ElementImpl & { _localName: string })._localName.toLowerCase();
  let classes: Set<string> | undefined;
  let id: string | null | undefined;
  const idOf = () => (id === undefined ? (id = withAttributes.getAttributeNS(null, 'id')) : id);
  const couldMatch = (selectorText: string): boolean => {
    let required = requirementsBySelector.get(selectorText);
    if (required === undefined) {
      required = requirementsOf(selectorText);
      requirementsBySelector.set(selectorText, required);
    }
    if (required === 'any' || !standards) return true;
    return required.some((selector) => {
      if (selector.type !== undefined && selector.type !== type) return false;
      if (selector.id !== undefined && selector.id !== idOf()) return false;
      classes ??= new Set((withAttributes.getAttributeNS(null, 'class') ?? '').split(/\s+/));
      return selector.classes.every((name) => classes!.has(name));
    });
  };
  const consider = (rule: Rule) => {
    if (declares !== undefined && !rule.style?.getPropertyValue(declares)) return;
    if (rule.selectorText !== undefined && !couldMatch(rule.selectorText)) return;
    if (matchesDontThrow(element, rule.selectorText)) handle(rule);
  };
  for (const sheet of [defaultStyleSheet, ...element._ownerDocument.styleSheets._list]) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule.media) {
        if (Array.from(rule.media).includes('screen')) Array.from(rule.cssRules ?? []).forEach(consider);
      } else consider(rule);
    }
  }
}

styleRules.forEachMatchingSheetRuleOfElement = (element, handleRule) => forEachRuleOf(element, handleRule);

/**
 * The element's cascaded value of `property`, as jsdom's getCascadedPropertyValue finds it (rules in sheet order, the
 * default sheet first, screen media rules included, the last declaring match winning, then the inline style), matching
 * only the rules that declare it.
 */
function cascadedValue(element: ElementImpl, property: string): string {
  let value = '';
  forEachRuleOf(element, (rule) => (value = rule.style!.getPropertyValue(property)!), property);
  const inline = element.style.getPropertyValue(property);
  if (inline !== '' && inline !== null) value = inline;
  return value;
}

styleRules.getResolvedValue = (element, property) => {
  const { inherited, initial, computedValue } = styleRules.propertiesWithResolvedValueImplemented[property]!;
  if (computedValue !== 'as-specified') throw new TypeError(`unexpected computed value '${computedValue}'`);
  for (let current = element; ; current = current.parentElement!) {
    const value = cascadedValue(current, property);
    if (value !== '') return value;
    if (!inherited || current.parentElement === null) return initial;
  }
};

export default TestEnvironment;

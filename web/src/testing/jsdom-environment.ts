// The web project's Jest environment: Jest's jsdom, with the inherited `visibility` of a computed style
// worked out to the same value at a fraction of the cost.
//
// To resolve `visibility` (every getComputedStyle call does), jsdom 20 matches every rule of every
// style sheet (its default one included: 120 rules) against the element, and when none declares
// `visibility`, again against its parent, and so on up to <html>. A role query asks it for every
// element of the page, and user-event's pointer check for every ancestor of what it clicks: that walk
// was four fifths of jsdom's style work, most of it matching rules that declare no `visibility` at
// all. Here a rule is matched only when it declares the property: the same cascade, in the same
// order, so the same value.
import { createRequire } from 'node:module';
import { TestEnvironment } from 'jest-environment-jsdom';

type Style = { getPropertyValue(property: string): string | null };
type Rule = { selectorText?: string; style?: Style; media?: ArrayLike<string>; cssRules?: ArrayLike<Rule> };
type Sheet = { cssRules: ArrayLike<Rule> };
type ElementImpl = {
  style: Style;
  parentElement: ElementImpl | null;
  _ownerDocument: { styleSheets: { _list: Sheet[] } };
};
type ResolvedProperty = { inherited: boolean; initial: string; computedValue: string };

const fromJsdom = createRequire(require.resolve('jsdom'));
const styleRules = fromJsdom('./jsdom/living/helpers/style-rules.js') as {
  propertiesWithResolvedValueImplemented: Record<string, ResolvedProperty>;
  getResolvedValue(element: ElementImpl, property: string): string;
};
const { matchesDontThrow } = fromJsdom('./jsdom/living/helpers/selectors.js') as {
  matchesDontThrow(element: ElementImpl, selector: string | undefined): boolean;
};
const cssom = fromJsdom('cssom') as { parse(css: string): Sheet };
const defaultStyleSheet = cssom.parse(fromJsdom('./jsdom/browser/default-stylesheet.js') as string);

// Window.js copies getResolvedValue when it loads: it must not have loaded yet.
if (fromJsdom.cache[fromJsdom.resolve('./jsdom/browser/Window.js')])
  throw new Error('jsdom-environment must load before jsdom');

/**
 * The element's cascaded value of `property`, as jsdom's getCascadedPropertyValue finds it (rules in sheet order, the
 * default sheet first, screen media rules included, the last declaring match winning, then the inline style), matching
 * only the rules that declare it.
 */
function cascadedValue(element: ElementImpl, property: string): string {
  let value = '';
  const consider = (rule: Rule) => {
    const declared = rule.style?.getPropertyValue(property);
    if (declared && matchesDontThrow(element, rule.selectorText)) value = declared;
  };
  for (const sheet of [defaultStyleSheet, ...element._ownerDocument.styleSheets._list]) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule.media) {
        if (Array.from(rule.media).includes('screen')) Array.from(rule.cssRules ?? []).forEach(consider);
      } else consider(rule);
    }
  }
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

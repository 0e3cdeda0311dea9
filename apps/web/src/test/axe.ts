import axe from 'axe-core';

/**
 * axe's ARIA rules on rendered markup (jsdom has no layout, so nothing that needs one: contrast, target size).
 * Returns "rule: selector" lines, empty when clean.
 */
export async function ariaViolations(root: Element = document.body, rules = ARIA_RULES): Promise<string[]> {
  const results = await axe.run(root, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

export const ARIA_RULES = ['aria-prohibited-attr', 'aria-allowed-attr', 'aria-allowed-role', 'aria-valid-attr-value', 'aria-required-children'];

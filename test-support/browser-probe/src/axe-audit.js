import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The rules a page must pass: WCAG 2.1, levels A and AA. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core (from npm, injected inline, which the page's policy allows) on the page as it is now.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>} One line per rule broken: rule id, count, first element and why.
 */
export async function axeViolations(page) {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  return page.evaluate(async (tags) => {
    const { axe } = /** @type {any} */ (window);
    // Violations in full; of passes and the rest only a count (building a selector for every node that passed is
    // about a third of a run on this page).
    const { violations } = await axe.run(document, { runOnly: tags, resultTypes: ['violations'] });
    return violations.map(
      (/** @type {any} */ rule) =>
        `${rule.id} (${rule.nodes.length}): ${rule.nodes[0]?.target.join(' ')}: ${rule.nodes[0]?.failureSummary}`,
    );
  }, WCAG_AA_TAGS);
}

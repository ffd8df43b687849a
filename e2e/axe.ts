import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** WCAG and axe's best practices (landmarks, one h1, heading order, regions …): for pages held to more than the minimum. */
export const WCAG_AND_BEST_PRACTICE = [...WCAG, 'best-practice'];

/**
 * Fluent's keyboard handling (Tabster) puts empty `<i tabindex="0" aria-hidden="true" data-tabster-dummy>`
 * sentinels around the menu's arrow-key group and at the ends of <body>: when one gets focus, Tabster
 * moves focus on at once, and aria-hidden keeps screen readers from announcing it. axe counts them as
 * `aria-hidden-focus` (microsoft/tabster#288; Accessibility Insights leaves them out the same way).
 * Only such an empty sentinel is left out; any other aria-hidden node holding focus still fails,
 * and the keyboard test below checks that Tab never rests on one.
 */
const isTabsterSentinel = (rule: string, html: string) =>
  rule === 'aria-hidden-focus' && /^<i\b[^>]*\bdata-tabster-dummy\b[^>]*><\/i>$/.test(html.trim());

/**
 * axe reads colours as they are at that instant. A CI run once caught a button half-way through
 * Fluent's hover transition (the pointer left where the previous page's button was) and a fading
 * text, and counted their in-between colours as contrast failures. So the pointer is moved off the
 * page and every finite animation and transition is let finish first; endless ones (spinners) are
 * left running, and `settle` has already waited for those to go.
 */
async function stillFrames(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Every violation as one readable line: rule, impact, the nodes' selectors. */
async function axeViolations(page: Page, include?: string, tags = WCAG): Promise<string[]> {
  await stillFrames(page);
  const builder = new AxeBuilder({ page }).withTags(tags);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) =>
    v.nodes
      .filter((n) => !isTabsterSentinel(v.id, n.html))
      .map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${v.help}`),
  );
}

/** Soft, so one run lists every page's violations rather than stopping at the first page. */
export async function expectClean(page: Page, where: string, include?: string, tags = WCAG) {
  expect.soft(await axeViolations(page, include, tags), `axe violations on ${where}`).toEqual([]);
}

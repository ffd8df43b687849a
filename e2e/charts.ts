import { expect, type Locator } from '@playwright/test';

/**
 * What a person sees of a chart's panel, measured in the browser after the fonts have drawn: every state's name that
 * is drawn inside its box and at least 11 px tall (issue 45: none drawn smaller), and every state (so a highlighted
 * path too) inside the panel, or, where the chart is shown at a readable scale larger than the panel, inside the
 * overview beside it.
 */
export async function expectChartReadable(panel: Locator, where: string) {
  // ELK lays a large chart out in the page: on a busy machine that takes a while.
  await expect(panel.locator('[data-state]').first()).toBeAttached({ timeout: 30_000 });
  const problems = await panel.evaluate((frame) => {
    const view = frame.getBoundingClientRect();
    const overview = frame.parentElement?.querySelector('[data-chart-overview] svg');
    const outer = overview ? overview.getBoundingClientRect() : view;
    const out: string[] = [];
    const inside = (box: DOMRect, area: DOMRect) =>
      box.left >= area.left - 1 &&
      box.right <= area.right + 1 &&
      box.top >= area.top - 1 &&
      box.bottom <= area.bottom + 1;
    for (const state of frame.querySelectorAll('[data-state]')) {
      const id = state.getAttribute('data-state');
      const box = state.querySelector('rect[data-box]')!.getBoundingClientRect();
      const name = state.querySelector('text[data-name]')?.getBoundingClientRect();
      if (name && (name.left < box.left - 0.5 || name.right > box.right + 0.5))
        out.push(`${id}: its name (${Math.round(name.width)} px) overflows its box (${Math.round(box.width)} px)`);
      if (!overview && !inside(box, view)) out.push(`${id}: outside the panel`);
    }
    if (overview)
      for (const state of overview.querySelectorAll('[data-state]')) {
        const box = state.querySelector('rect[data-box]')!.getBoundingClientRect();
        if (!inside(box, outer)) out.push(`${state.getAttribute('data-state')}: outside the overview`);
      }
    for (const text of frame.querySelectorAll('text')) {
      const height = text.getBoundingClientRect().height;
      if (height > 0 && height < 11) out.push(`"${text.textContent}" is drawn ${height.toFixed(1)} px tall`);
    }
    return out;
  });
  expect(problems, where).toEqual([]);
}

/** The drawn labels' heights on screen, in pixels, and how many there are. */
export const labelHeights = (panel: Locator) =>
  panel.evaluate((frame) =>
    [...frame.querySelectorAll('text')].map((t) => t.getBoundingClientRect().height).filter((h) => h > 0),
  );

/** The SVG's viewBox: what part of the chart is on screen. */
export const viewBoxOf = async (panel: Locator) =>
  (await panel.getByRole('img').getAttribute('viewBox'))!.split(' ').map(Number);

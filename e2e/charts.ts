import { expect, type Locator } from '@playwright/test';

/**
 * What a person sees of a chart's panel, measured in the browser after the fonts have drawn:
 * every state's name inside its box, and every state (so a highlighted path too) inside the panel.
 */
export async function expectChartReadable(panel: Locator, where: string) {
  await expect(panel.locator('[data-state]').first()).toBeVisible();
  const problems = await panel.evaluate((frame) => {
    const view = frame.getBoundingClientRect();
    const out: string[] = [];
    for (const state of frame.querySelectorAll('[data-state]')) {
      const id = state.getAttribute('data-state');
      const box = state.querySelector('rect[data-box]')!.getBoundingClientRect();
      const name = state.querySelector('text[data-name]')!.getBoundingClientRect();
      if (name.left < box.left - 0.5 || name.right > box.right + 0.5)
        out.push(`${id}: its name (${Math.round(name.width)} px) overflows its box (${Math.round(box.width)} px)`);
      if (
        box.left < view.left - 1 ||
        box.right > view.right + 1 ||
        box.top < view.top - 1 ||
        box.bottom > view.bottom + 1
      )
        out.push(`${id}: outside the panel`);
    }
    return out;
  });
  expect(problems, where).toEqual([]);
}

/** The SVG's viewBox: what part of the chart is on screen. */
export const viewBoxOf = async (panel: Locator) =>
  (await panel.getByRole('img').getAttribute('viewBox'))!.split(' ').map(Number);

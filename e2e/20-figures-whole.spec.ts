import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, signInAs } from './helpers';

/**
 * Issue 45 (7): no figure is ever cut or covered. At the operator's two screens, on every list with
 * money, each rupiah figure of the first rows is on one line, whole inside its cell, and seen: in the
 * table's box and under no pinned (sticky) cell of its row, either as the page opens or once the box
 * is scrolled sideways to it. The figures are found by their text ('Rp. 1,179,000'), so the check
 * holds whatever columns a list has (or the person chose).
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
] as const;
const ROWS = 30;

interface Fault {
  row: number;
  text: string;
  why: string;
}

/**
 * In the page: each figure of the table's first rows that is cut, wrapped or covered, as the page
 * opens (the box not scrolled): on one line, inside its cell, inside the box that scrolls the table
 * sideways, and under no pinned (sticky) cell of its row.
 */
async function faultsOf(table: Locator): Promise<{ figures: number; faults: Fault[] }> {
  return table.evaluate((t: HTMLTableElement, rowCount: number) => {
    const faults: Fault[] = [];
    let figures = 0;
    // The box that scrolls the table sideways: the list's own, else the window.
    let box: HTMLElement | null = t.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    const seen = box ? box.getBoundingClientRect() : { left: 0, right: window.innerWidth };
    const left = Math.max(seen.left, 0);
    const right = Math.min(seen.left + (box ? box.clientLeft + box.clientWidth : seen.right), window.innerWidth);
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5;
    const problem = (range: Range, holder: HTMLElement, cell: HTMLTableCellElement, pinned: HTMLTableCellElement[]) => {
      if (holder.scrollWidth > holder.clientWidth + 1 && getComputedStyle(holder).overflowX !== 'visible')
        return 'clipped by its element';
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      if (rects.length !== 1) return `on ${rects.length} lines`;
      const fig = rects[0];
      const c = cell.getBoundingClientRect();
      if (fig.left < c.left - 0.5 || fig.right > c.right + 0.5) return 'wider than its cell';
      if (fig.left < left - 0.5 || fig.right > right + 0.5)
        return `outside the box (${fig.left}-${fig.right} of ${left}-${right})`;
      const over = pinned.find((p) => p !== cell && overlaps(fig, p.getBoundingClientRect()));
      return over ? `under the pinned cell ${over.cellIndex + 1}` : null;
    };
    Array.from(t.tBodies[0]?.rows ?? [])
      .slice(0, rowCount)
      .forEach((tr, row) => {
        const pinned = Array.from(tr.cells).filter((c) => getComputedStyle(c).position === 'sticky');
        for (const cell of Array.from(tr.cells)) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of (node.textContent ?? '').matchAll(/-?Rp\. [\d,]+/g)) {
              figures += 1;
              const range = document.createRange();
              range.setStart(node, m.index!);
              range.setEnd(node, m.index! + m[0].length);
              const why = problem(range, node.parentElement!, cell, pinned);
              if (why) faults.push({ row, text: m[0], why });
            }
          }
        }
      });
    return { figures, faults };
  }, ROWS);
}

async function expectFiguresWhole(page: Page, table: Locator, name: string) {
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const { figures, faults } = await faultsOf(table);
    expect(figures, `${name} at ${size.width}: figures found`).toBeGreaterThan(0);
    expect(faults, `${name} at ${size.width}`).toEqual([]);
    await screenshot(page, `${name}-${size.width}`);
  }
}

test('SUPER ADMIN: every amount and fee on the lists is whole and uncovered at 1366x768 and 1440x900', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'superadmin@demo.local');

  await page.goto('/dashboard/transactions');
  const payments = page.getByRole('table', { name: 'Payments' });
  await expectFiguresWhole(page, payments, 'figures-payments');

  // Issue 45 (8): the way to the row actions is on screen, and doing what it says gets there.
  const hint = page.getByText(/Tab into the table, then the arrow keys .* move to a row's actions/);
  await expect(hint).toBeVisible();
  await expect(payments).toHaveAccessibleDescription(/arrow keys/);
  await page.getByRole('button', { name: 'Columns' }).focus();
  await page.keyboard.press('Tab');
  const inActions = () =>
    page.evaluate(() => document.activeElement?.closest('[role=group][aria-label^="Actions for"]') != null);
  for (let i = 0; i < 3 && !(await inActions()); i += 1) await page.keyboard.press('ArrowRight');
  expect(await inActions()).toBe(true);

  await page.goto('/dashboard/disbursement/transactions');
  await expectFiguresWhole(page, page.getByRole('table', { name: 'Disbursements' }), 'figures-disbursements');

  await page.goto('/dashboard/balance');
  await expectFiguresWhole(page, page.getByRole('table', { name: 'Withdrawal History' }), 'figures-withdrawals');

  // The Audit Log's money is in its Detail lines ('amount: Rp. 20,000'): lines that moved money.
  await page.goto('/dashboard/audit-log');
  await page.getByRole('textbox', { name: 'Action' }).fill('disbursement.create');
  await page.getByRole('button', { name: 'Search' }).click();
  await expectFiguresWhole(page, page.getByRole('table', { name: 'Audit log' }), 'figures-audit-log');
});

test('CLIENT: the Withdrawal History figures are whole at both sizes', async ({ page }) => {
  await signInAs(page, 'client@demo.local');
  await page.goto('/dashboard/balance');
  await expectFiguresWhole(page, page.getByRole('table', { name: 'Withdrawal History' }), 'figures-withdrawals-client');
});

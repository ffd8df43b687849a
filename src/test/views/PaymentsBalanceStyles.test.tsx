import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createActor } from 'xstate';
import { withdrawalRequestMachine } from '../../machines/withdrawalRequestMachine';
import type { WithdrawalRow } from '../../services/withdrawalRules';
import { WithdrawalHistoryTable } from '../../views/withdrawals/WithdrawalHistoryTable';
import { WithdrawalRequestDialog } from '../../views/withdrawals/WithdrawalRequestDialog';

/**
 * Issue 26: what the Payments Balance screen looks like, read from the style rules the page puts in
 * the document (jsdom lays nothing out, but it cascades the rules Griffel writes).
 */
const row: WithdrawalRow = {
  uuid: 'wd-1',
  status: 'COMPLETED',
  type: 'withdrawal',
  amount: 250_000,
  name: 'Citra Client',
  bank_name: 'BCA',
  account_no: '7100012345',
  bank_account_name: 'Budi Santoso',
  withdrawal_time: '2026-11-26T03:44:00Z',
  completed_time: '2026-11-26T04:10:00Z',
  description: 'Rent',
  client_id: 1,
};

/** Every style rule in the document whose selector is `.class<suffix>` for one of the element's classes. */
const rulesOf = (element: Element, suffix: string) =>
  [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
    .filter((rule) => [...element.classList].some((c) => rule.selectorText === `.${c}${suffix}`));

describe('Payments Balance, as drawn', () => {
  it('keeps each Request Time and Completed Time on one line', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <WithdrawalHistoryTable rows={[row]} loading={false} decides={false} actionsOf={() => []} onAction={() => {}} />
      </FluentProvider>,
    );
    const table = screen.getByRole('table', { name: 'Withdrawal History' });
    const times = within(table)
      .getAllByRole('cell')
      .filter((cell) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(cell.textContent ?? ''));
    expect(times.map((cell) => cell.textContent)).toEqual(['2026-11-26 10:44', '2026-11-26 11:10']);
    times.forEach((cell) => expect(getComputedStyle(cell).whiteSpace).toBe('nowrap'));
  });

  it("draws the amount slider's track: the rail keeps Fluent's track, only the per-step marks over it go", () => {
    const actor = createActor(withdrawalRequestMachine, {
      input: { mode: 'transfer', clientId: 1, available: 4_294_462_452 },
    }).start();
    render(
      <FluentProvider theme={webLightTheme}>
        <WithdrawalRequestDialog actor={actor} clientName="PT Maju" banks={[]} />
      </FluentProvider>,
    );
    const slider = screen.getByRole('slider', { name: 'Amount slider', hidden: true });
    const rail = document.querySelector('.fui-Slider__rail')!;
    expect(slider).toHaveAttribute('step', '10000');
    // The track is the rail's own background image: the filled part, then the rest in the rail colour.
    expect(getComputedStyle(rail).backgroundImage).toMatch(
      /linear-gradient\(.*--fui-Slider__progress--color.*--fui-Slider__rail--color/s,
    );
    // The marks (one per Rp. 10,000, painted in the background colour) would cover it entirely.
    expect(rulesOf(rail, '::before').some((rule) => rule.style.display === 'none')).toBe(true);
    actor.stop();
  });
});

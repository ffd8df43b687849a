import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { DateRangeField } from '../../views/common/DateRangeField';
import { DisbursementListPage } from '../../views/disbursement/DisbursementListPage';
import { disbursementMeta, disbursementRows, disbursementStats } from '../disbursementFixtures';
import { makeUser } from '../fixtures';
import { renderWithSession } from './renderWithSession';

const api = vi.hoisted(() => ({ disbursementList: vi.fn(), disbursementSummary: vi.fn() }));
vi.mock('../../services/api', () => ({ api }));

/**
 * Issue 29: every date range offers the named windows as a menu. A choice arrives through the field's
 * own onChange, as typed text would, so a list's machine takes it as it takes typing.
 * 2026-11-21 02:00 UTC is 09:00 on 21 November on the business clock (Asia/Jakarta).
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T02:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function Harness({ onChange }: { onChange: (text: string) => void }) {
  const [value, setValue] = useState('2026-11-01 00:00 to 2026-11-02 23:59');
  return (
    <DateRangeField
      value={value}
      error={null}
      onChange={(text) => {
        onChange(text);
        setValue(text);
      }}
      onEnter={() => {}}
    />
  );
}

function renderField() {
  const onChange = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <Harness onChange={onChange} />
    </FluentProvider>,
  );
  return { onChange, input: screen.getByRole('textbox', { name: 'Date range' }) };
}

describe('date presets', () => {
  it('lists the presets as menu items by name', async () => {
    const user = userEvent.setup();
    renderField();
    await user.click(screen.getByRole('button', { name: 'Date presets' }));
    const menu = await screen.findByRole('menu', { name: 'Date presets' });
    expect(menu).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'This month',
      'Last month',
    ]);
  });

  it('Yesterday sets the whole of yesterday through onChange', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderField();
    await user.click(screen.getByRole('button', { name: 'Date presets' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Yesterday' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('2026-11-20 00:00 to 2026-11-20 23:59');
    expect(input).toHaveValue('2026-11-20 00:00 to 2026-11-20 23:59');
  });

  it('is a keyboard path: Enter opens the menu on its button, and Enter takes the focused preset', async () => {
    const user = userEvent.setup();
    const { onChange } = renderField();
    screen.getByRole('button', { name: 'Date presets' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu', { name: 'Date presets' });
    // In a browser the focus lands on the first item and the arrow keys walk the items (Fluent's Menu);
    // jsdom lays nothing out, so Tabster deems no item visible to move to, and the test puts the focus.
    screen.getByRole('menuitem', { name: 'Last month' }).focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-10-01 00:00 to 2026-10-31 23:59');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Last 7 days ends today; This month is the whole month', async () => {
    const user = userEvent.setup();
    const { onChange } = renderField();
    await user.click(screen.getByRole('button', { name: 'Date presets' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Last 7 days' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-15 00:00 to 2026-11-21 23:59');
    await user.click(screen.getByRole('button', { name: 'Date presets' }));
    await user.click(await screen.findByRole('menuitem', { name: 'This month' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-01 00:00 to 2026-11-30 23:59');
  });
});

describe('date presets on a list', () => {
  it('Yesterday on the Disbursement List searches the whole of yesterday', async () => {
    api.disbursementList.mockResolvedValue({ rows: disbursementRows, meta: disbursementMeta });
    api.disbursementSummary.mockResolvedValue(disbursementStats);
    const user = userEvent.setup();
    renderWithSession(
      <DisbursementListPage />,
      makeUser({ type: 'SUPER ADMIN', otp_verified: true, modules: ['disbursement', 'disbursement-transactions'] }),
      { modules: [], banks: [], clients: [], roles: [] },
    );
    await waitFor(() => expect(api.disbursementList).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Date presets' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Yesterday' }));
    expect(screen.getByRole('textbox', { name: 'Date range' })).toHaveValue('2026-11-20 00:00 to 2026-11-20 23:59');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.disbursementList).toHaveBeenCalledTimes(2));
    expect(api.disbursementList.mock.calls[1][0]).toMatchObject({ start: '2026-11-20 00:00', end: '2026-11-20 23:59' });
  });
});

import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ColumnChooser } from '../../views/common/ColumnChooser';

/** Issue 29: the 'Columns' menu: a checkbox per column, named by its header, and buttons for the order. */
const OFFERED = ['Client', 'Type', 'RRN', 'Amount'];

function Harness({ initial, onChange }: { initial: string[]; onChange: (next: string[]) => void }) {
  const [shown, setShown] = useState(initial);
  return (
    <ColumnChooser
      offered={OFFERED}
      shown={shown}
      onChange={(next) => {
        onChange(next);
        setShown(next);
      }}
    />
  );
}

/**
 * The open chooser. A browser moves the focus into it as it opens; jsdom lays nothing out, so Tabster
 * finds nothing focusable there and keeps the trapped surface aria-hidden until something in it has the focus.
 */
async function surfaceOf() {
  // (An aria-hidden element has no accessible name to query by: its label is checked once it shows.)
  const dialog = await screen.findByRole('dialog', { hidden: true });
  if (!dialog.contains(document.activeElement)) within(dialog).getAllByRole('checkbox', { hidden: true })[0].focus();
  await waitFor(() => expect(dialog).not.toHaveAttribute('aria-hidden'));
  expect(screen.getByRole('dialog', { name: 'Choose columns' })).toBe(dialog);
  return dialog;
}

async function openChooser(initial = OFFERED) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(
    <FluentProvider theme={webLightTheme}>
      <Harness initial={initial} onChange={onChange} />
    </FluentProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Columns' }));
  const dialog = await surfaceOf();
  const names = () =>
    within(dialog)
      .getAllByRole('checkbox')
      .map((c) => c.closest('div')?.textContent);
  return { onChange, user, dialog, names };
}

describe('ColumnChooser', () => {
  it('offers a checkbox per column, named by its header, ticked where shown; shown ones first in their order', async () => {
    const { dialog, names } = await openChooser(['RRN', 'Client']);
    expect(within(dialog).getByRole('checkbox', { name: 'RRN' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Client' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Type' })).not.toBeChecked();
    expect(names()).toEqual(['RRN', 'Client', 'Type', 'Amount']);
  });

  it('unticking hides a column, ticking shows it again in its offered place', async () => {
    const { dialog, user, onChange } = await openChooser();
    await user.click(within(dialog).getByRole('checkbox', { name: 'RRN' }));
    expect(onChange).toHaveBeenLastCalledWith(['Client', 'Type', 'Amount']);
    expect(within(dialog).getByRole('checkbox', { name: 'RRN' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'RRN' }));
    expect(onChange).toHaveBeenLastCalledWith(['Client', 'Type', 'RRN', 'Amount']);
  });

  it('the last shown column cannot be unticked', async () => {
    const { dialog, onChange } = await openChooser(['Amount']);
    const amount = within(dialog).getByRole('checkbox', { name: 'Amount' });
    expect(amount).toBeChecked();
    expect(amount).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'RRN' })).toBeEnabled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves a column up and down; the focus stays on the button pressed, and an end says it cannot go further', async () => {
    const { dialog, user, onChange, names } = await openChooser();
    await user.click(within(dialog).getByRole('button', { name: 'Move RRN up' }));
    expect(onChange).toHaveBeenLastCalledWith(['Client', 'RRN', 'Type', 'Amount']);
    expect(names()).toEqual(['Client', 'RRN', 'Type', 'Amount']);
    const down = within(dialog).getByRole('button', { name: 'Move Client down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['RRN', 'Client', 'Type', 'Amount']);
    expect(within(dialog).getByRole('button', { name: 'Move Client down' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Move RRN up' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Move Amount down' })).toHaveAttribute('aria-disabled', 'true');
    onChange.mockClear();
    await user.click(within(dialog).getByRole('button', { name: 'Move RRN up' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a hidden column has no order to change', async () => {
    const { dialog } = await openChooser(['Client', 'Amount']);
    expect(within(dialog).getByRole('button', { name: 'Move RRN up' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move RRN down' })).toBeDisabled();
  });

  it('is a keyboard path: Tab reaches the menu button, Enter opens it, Space ticks a box', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <FluentProvider theme={webLightTheme}>
        <Harness initial={OFFERED} onChange={onChange} />
      </FluentProvider>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Columns' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await surfaceOf();
    within(dialog).getByRole('checkbox', { name: 'Type' }).focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(['Client', 'RRN', 'Amount']);
  });

  it('a disabled chooser does not open', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <ColumnChooser offered={OFFERED} shown={OFFERED} onChange={vi.fn()} disabled />
      </FluentProvider>,
    );
    expect(screen.getByRole('button', { name: 'Columns' })).toBeDisabled();
  });
});

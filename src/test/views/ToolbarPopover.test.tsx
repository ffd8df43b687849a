import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { ToolbarPopover } from '../../views/common/ToolbarPopover';

/** A menu whose buttons go away when pressed, as a deleted view does, and one that is done once chosen. */
function Harness() {
  const [items, setItems] = useState(['North', 'South']);
  return (
    <FluentProvider theme={webLightTheme}>
      <ToolbarPopover label="Places" icon={<AddRegular />} surfaceLabel="Saved places">
        {(close) => (
          <>
            {items.map((item) => (
              <Button key={item} onClick={() => setItems((all) => all.filter((i) => i !== item))}>
                Remove {item}
              </Button>
            ))}
            <Button onClick={close}>Choose</Button>
          </>
        )}
      </ToolbarPopover>
    </FluentProvider>
  );
}

const surface = () => screen.queryByRole('dialog', { hidden: true });

describe('ToolbarPopover (the Views and Columns menus)', () => {
  it('keeps the focus inside when the focused control goes away, so Escape still closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Places' }));
    const remove = await screen.findByRole('button', { name: 'Remove North', hidden: true });
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove North', hidden: true })).toBeNull());
    // Not left on the page: the surface itself holds it.
    expect(surface()).toBe(document.activeElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(surface()).toBeNull());
  });

  it('closes on a choice made with `close`, the focus back on its button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Places' }));
    (await screen.findByRole('button', { name: 'Choose', hidden: true })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(surface()).toBeNull());
    expect(screen.getByRole('button', { name: 'Places' })).toHaveAttribute('aria-expanded', 'false');
  });
});

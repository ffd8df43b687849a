import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useKeptRowFocus } from '../../views/common/rowFocus';

/** A decided row leaves the list: a keyboard user's focus goes to the same action of the next row. */
function Rows({ ids, busy = false }: { ids: string[]; busy?: boolean }) {
  const kept = useKeptRowFocus();
  return (
    <>
      <button type="button">Elsewhere</button>
      <table aria-label="Rows" ref={kept}>
        <tbody>
          {ids.map((id) => (
            <tr key={id}>
              <td>{id}</td>
              <td>
                <button type="button" aria-label={`Reject ${id}`} disabled={busy}>
                  R
                </button>
                <button type="button" aria-label={`Finalize ${id}`} disabled={busy}>
                  F
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 10));
  });

afterEach(cleanup);

describe('useKeptRowFocus', () => {
  it('moves the focus to the same action of the row that took the removed one’s place', async () => {
    const { rerender } = render(<Rows ids={['A', 'B', 'C']} />);
    screen.getByRole('button', { name: 'Finalize B' }).focus();
    rerender(<Rows ids={['A', 'C']} />);
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Finalize C' }));
  });

  it('waits out a reload that disables the buttons, then goes to the next row', async () => {
    const { rerender } = render(<Rows ids={['A', 'B']} />);
    screen.getByRole('button', { name: 'Finalize A' }).focus();
    rerender(<Rows ids={['A', 'B']} busy />);
    await settle();
    rerender(<Rows ids={['B']} />);
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Finalize B' }));
  });

  it('leaves alone focus the person moved: a Tab to another element, or a click', async () => {
    const { rerender } = render(<Rows ids={['A', 'B', 'C']} />);
    screen.getByRole('button', { name: 'Finalize B' }).focus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    rerender(<Rows ids={['A', 'C']} />);
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));

    screen.getByRole('button', { name: 'Finalize A' }).focus();
    fireEvent.pointerDown(document.body);
    screen.getByRole('button', { name: 'Finalize A' }).blur();
    rerender(<Rows ids={['C']} />);
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('finds the same action by its data-action, whatever language names it (issue 48)', async () => {
    // Two actions whose names start alike, as they may in Bahasa Indonesia.
    function Named({ ids }: { ids: string[] }) {
      const kept = useKeptRowFocus();
      return (
        <table aria-label="Rows" ref={kept}>
          <tbody>
            {ids.map((id) => (
              <tr key={id}>
                <td>
                  <button type="button" data-action="REJECT" aria-label={`Tandai ditolak ${id}`}>
                    R
                  </button>
                  <button type="button" data-action="FINALIZE" aria-label={`Tandai selesai ${id}`}>
                    F
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    const { rerender } = render(<Named ids={['A', 'B', 'C']} />);
    screen.getByRole('button', { name: 'Tandai selesai B' }).focus();
    rerender(<Named ids={['A', 'C']} />);
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Tandai selesai C' }));
  });
});

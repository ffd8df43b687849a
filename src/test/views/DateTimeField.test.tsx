import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { DateTimeField, dateTimeParts } from '../../views/common/DateTimeField';

/** Issue 26: every date-time a person types is 'YYYY-MM-DD HH:mm' on a 24-hour clock, with a label. */
function renderField(value: string) {
  const onChange = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <DateTimeField label="Paid time" value={value} onChange={onChange} />
    </FluentProvider>,
  );
  return {
    onChange,
    date: screen.getByLabelText('Paid time date', { selector: 'input' }) as HTMLInputElement,
    time: screen.getByLabelText('Paid time time', { selector: 'input' }) as HTMLInputElement,
  };
}

describe('DateTimeField', () => {
  it('shows the date as YYYY-MM-DD and the time on a 24-hour clock, each with a name that says which', () => {
    const { date, time } = renderField('2026-11-21 15:05');
    expect(date).toHaveValue('2026-11-21');
    expect(time).toHaveValue('15:05');
    expect(screen.getByRole('group', { name: 'Paid time' })).toBeInTheDocument();
    expect(screen.getByText('YYYY-MM-DD HH:mm, 24-hour, Asia/Jakarta')).toBeInTheDocument();
  });

  it('sends the whole moment when the date is typed, keeping the time', () => {
    const { date, onChange } = renderField('2026-11-21 15:05');
    fireEvent.change(date, { target: { value: '2026-11-30' } });
    fireEvent.blur(date);
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30 15:05');
  });

  it('sends the whole moment when a 24-hour time is typed, keeping the date; a 12-hour text is not taken', () => {
    const { time, onChange } = renderField('2026-11-21 15:05');
    fireEvent.change(time, { target: { value: '09:30' } });
    fireEvent.blur(time);
    expect(onChange).toHaveBeenLastCalledWith('2026-11-21 09:30');
    onChange.mockClear();
    fireEvent.change(time, { target: { value: '3:55 AM' } });
    fireEvent.blur(time);
    expect(onChange).not.toHaveBeenCalledWith(expect.stringContaining('AM'));
  });

  it('reads only what the text says: a date and a 24-hour time', () => {
    expect(dateTimeParts('2026-11-21 23:59')).toEqual({ date: '2026-11-21', time: '23:59' });
    expect(dateTimeParts('2026-11-21 24:00')).toEqual({ date: '2026-11-21', time: '' });
    expect(dateTimeParts('11/21/2026 03:55')).toEqual({ date: '', time: '03:55' });
    expect(dateTimeParts('')).toEqual({ date: '', time: '' });
  });
});

import { useState } from 'react';
import {
  Button,
  Field,
  Input,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CalendarLtrRegular } from '@fluentui/react-icons';
import { parseDateRange } from '../../services/dateRange';
import { DateTimeField } from './DateTimeField';

const useStyles = makeStyles({
  surface: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
  },
});

/** 'YYYY-MM-DD HH:mm to YYYY-MM-DD HH:mm', typed, or picked with the calendar button. */
export function DateRangeField({
  value,
  error,
  onChange,
  onEnter,
  disabled,
}: {
  value: string;
  error: string | null;
  onChange: (text: string) => void;
  onEnter: () => void;
  disabled?: boolean;
}) {
  const styles = useStyles();
  const current = parseDateRange(value);
  const [from, setFrom] = useState(current?.start ?? '');
  const [to, setTo] = useState(current?.end ?? '');
  return (
    <Field
      label="Date range"
      validationMessage={error ?? undefined}
      validationState={error ? 'error' : 'none'}
      hint={error ? undefined : 'YYYY-MM-DD HH:mm to YYYY-MM-DD HH:mm'}
      style={{ minWidth: 360 }}
    >
      <Input
        value={value}
        disabled={disabled}
        onChange={(_, d) => onChange(d.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onEnter();
        }}
        contentAfter={
          <Popover
            trapFocus
            onOpenChange={(_, d) => {
              if (d.open && current) {
                setFrom(current.start);
                setTo(current.end);
              }
            }}
          >
            <PopoverTrigger disableButtonEnhancement>
              <Button
                appearance="transparent"
                size="small"
                icon={<CalendarLtrRegular />}
                aria-label="Pick dates"
                disabled={disabled}
              />
            </PopoverTrigger>
            <PopoverSurface className={styles.surface} aria-label="Pick a date range">
              <DateTimeField label="From" value={from} onChange={setFrom} />
              <DateTimeField label="To" value={to} onChange={setTo} />
              <Button appearance="primary" onClick={() => onChange(`${from} to ${to}`)}>
                Apply
              </Button>
            </PopoverSurface>
          </Popover>
        }
      />
    </Field>
  );
}

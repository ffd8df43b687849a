import { forwardRef, useState } from 'react';
import {
  Button,
  type ButtonProps,
  Field,
  Input,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CalendarClockRegular, CalendarLtrRegular } from '@fluentui/react-icons';
import { RANGE_PRESETS, formatDateRange, parseDateRange, presetRange } from '../../services/dateRange';
import { DateTimeField } from './DateTimeField';

const useStyles = makeStyles({
  surface: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
  },
  buttons: { display: 'flex' },
});

/** A small icon button inside the field, named by `label`; the menu or surface it opens is anchored to it. */
const FieldButton = forwardRef<HTMLButtonElement, ButtonProps & { label: string }>(({ label, ...props }, ref) => (
  <Button ref={ref} appearance="transparent" size="small" aria-label={label} {...props} />
));
FieldButton.displayName = 'FieldButton';

/**
 * Issue 29: the named windows (Today … Last month, on the business clock) as a menu. A choice is
 * sent as the range's text, through the same onChange as typing, so the page's machine needs no new event.
 */
function DatePresetsMenu({ onChange, disabled }: { onChange: (text: string) => void; disabled?: boolean }) {
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <FieldButton icon={<CalendarClockRegular />} label="Date presets" disabled={disabled} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label="Date presets">
          {RANGE_PRESETS.map(({ id, label }) => (
            <MenuItem key={id} onClick={() => onChange(formatDateRange(presetRange(id)))}>
              {label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** 'YYYY-MM-DD HH:mm to YYYY-MM-DD HH:mm', typed, picked with the calendar button, or chosen from the presets. */
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
          <span className={styles.buttons}>
            <DatePresetsMenu onChange={onChange} disabled={disabled} />
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
                <FieldButton icon={<CalendarLtrRegular />} label="Pick dates" disabled={disabled} />
              </PopoverTrigger>
              <PopoverSurface className={styles.surface} aria-label="Pick a date range">
                <DateTimeField label="From" value={from} onChange={setFrom} />
                <DateTimeField label="To" value={to} onChange={setTo} />
                <Button appearance="primary" onClick={() => onChange(`${from} to ${to}`)}>
                  Apply
                </Button>
              </PopoverSurface>
            </Popover>
          </span>
        }
      />
    </Field>
  );
}

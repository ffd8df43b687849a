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
import { useSaid, useT } from '../../i18n/useT';
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
  const t = useT();
  const said = useSaid();
  const presets = t({ defaultMessage: 'Date presets', id: 'ayEEIk' });
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <FieldButton icon={<CalendarClockRegular />} label={presets} disabled={disabled} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={presets}>
          {RANGE_PRESETS.map(({ id, label }) => (
            <MenuItem key={id} onClick={() => onChange(formatDateRange(presetRange(id)))}>
              {said(label)}
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
  const t = useT();
  const said = useSaid();
  const current = parseDateRange(value);
  const [from, setFrom] = useState(current?.start ?? '');
  const [to, setTo] = useState(current?.end ?? '');
  return (
    <Field
      label={t({ defaultMessage: 'Date range', id: 'tygEJX' })}
      validationMessage={error ? said(error) : undefined}
      validationState={error ? 'error' : 'none'}
      // 'to' between the ends, 'sampai' in Bahasa Indonesia; either is read in both languages (dateRange.ts).
      hint={error ? undefined : t({ defaultMessage: 'YYYY-MM-DD HH:mm to YYYY-MM-DD HH:mm', id: 'e5vemI' })}
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
                <FieldButton
                  icon={<CalendarLtrRegular />}
                  label={t({ defaultMessage: 'Pick dates', id: 'aGKsou' })}
                  disabled={disabled}
                />
              </PopoverTrigger>
              <PopoverSurface
                className={styles.surface}
                aria-label={t({ defaultMessage: 'Pick a date range', id: '/j8v/g' })}
              >
                <DateTimeField label={t({ defaultMessage: 'From', id: 'dM+p3/' })} value={from} onChange={setFrom} />
                <DateTimeField label={t({ defaultMessage: 'To', id: '9j3hXO' })} value={to} onChange={setTo} />
                <Button appearance="primary" onClick={() => onChange(formatDateRange({ start: from, end: to }))}>
                  {t({ defaultMessage: 'Apply', id: 'EWw/tK' })}
                </Button>
              </PopoverSurface>
            </Popover>
          </span>
        }
      />
    </Field>
  );
}

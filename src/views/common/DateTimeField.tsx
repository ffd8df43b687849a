import { useRef } from 'react';
import { Label, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { TimePicker } from '@fluentui/react-timepicker-compat';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useSaid, useT } from '../../i18n/useT';
import { DATE_TIME_HINT } from '../../services/businessClock';

dayjs.extend(customParseFormat);

const useStyles = makeStyles({
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  date: { width: '170px' },
});

const DATE = 'YYYY-MM-DD';
/** The time picker's placeholder: 24-hour clock, written the same in both languages. */
const TIME_FORMAT = 'HH:mm';
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Fluent's time picker points its input's aria-activedescendant at the option last highlighted and
 * leaves it there when the list closes and its options go: an id of nothing, which axe rightly calls an
 * invalid ARIA value (issue 43). Once the list has closed, a reference to an option that is gone is dropped.
 */
function dropStaleActiveOption(input: HTMLInputElement | null) {
  const id = input?.getAttribute('aria-activedescendant');
  if (input && id && !document.getElementById(id)) input.removeAttribute('aria-activedescendant');
}

/** 'YYYY-MM-DD HH:mm' split into its date and its 24-hour time ('' where the text does not say). */
export function dateTimeParts(text: string): { date: string; time: string } {
  const [date = '', time = ''] = text.trim().split(' ');
  return { date: dayjs(date, DATE, true).isValid() ? date : '', time: TIME.test(time) ? time : '' };
}

/**
 * A business-time moment, 'YYYY-MM-DD HH:mm' in 24 hours (issue 26): Fluent's date picker (typed
 * or from its calendar, shown as YYYY-MM-DD) beside its time picker on a 24-hour clock. The
 * browser's own date-time control shows '11/26/2026, 03:55 AM' in an en-US browser and has no
 * label of its own. The text goes to the page machine as the person builds it; the machine's rule
 * decides whether it is complete. Both pop up inline (not in a portal), so they work inside a
 * dialog or the date-range popover without closing it.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  disabled,
  required,
  hint,
  validationMessage,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
  required?: boolean;
  hint?: string;
  validationMessage?: string;
}) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const labelId = useId('date-time-label');
  const hintId = useId('date-time-hint');
  const timeInput = useRef<HTMLInputElement>(null);
  const { date, time } = dateTimeParts(value);
  // Each picker's name: the field's label and its part. One message with a select, not '{label} date', which
  // would read any text ending in ' date' as this one when texts made elsewhere are translated (translate.ts).
  const partName = (part: 'date' | 'time') =>
    t({ defaultMessage: '{label} {part, select, date {date} other {time}}', id: 'ln5Qiz' }, { label, part });
  const send = (next: { date?: string; time?: string }) =>
    onChange([next.date ?? date, next.time ?? time].filter(Boolean).join(' '));
  // Not a Fluent Field: a Field names its first control with its label, and here the label names
  // the group while each picker says which part it is ('Paid time date', 'Paid time time').
  return (
    <div className={styles.field}>
      <Label id={labelId} required={required} disabled={disabled}>
        {label}
      </Label>
      <div className={styles.row} role="group" aria-labelledby={labelId} aria-describedby={hintId}>
        <DatePicker
          className={styles.date}
          aria-label={partName('date')}
          placeholder={DATE}
          disabled={disabled}
          allowTextInput
          inlinePopup
          value={date ? dayjs(date, DATE).toDate() : null}
          formatDate={(d) => (d ? dayjs(d).format(DATE) : '')}
          parseDateFromString={(text) => {
            const d = dayjs(text.trim(), DATE, true);
            return d.isValid() ? d.toDate() : null;
          }}
          onSelectDate={(d) => send({ date: d ? dayjs(d).format(DATE) : '' })}
        />
        <TimePicker
          aria-label={partName('time')}
          placeholder={TIME_FORMAT}
          disabled={disabled}
          freeform
          hourCycle="h23"
          increment={15}
          inlinePopup
          defaultValue={time}
          ref={timeInput}
          onOpenChange={(_, d) => {
            if (!d.open) requestAnimationFrame(() => dropStaleActiveOption(timeInput.current));
          }}
          onBlur={() => requestAnimationFrame(() => dropStaleActiveOption(timeInput.current))}
          onTimeChange={(_, d) => {
            if (d.selectedTimeText && TIME.test(d.selectedTimeText)) send({ time: d.selectedTimeText });
          }}
        />
      </div>
      <Text id={hintId} size={200} className={styles.hint}>
        {hint ?? said(DATE_TIME_HINT)}
      </Text>
      {validationMessage && (
        <Text role="alert" size={200} className={styles.error}>
          {said(validationMessage)}
        </Text>
      )}
    </div>
  );
}

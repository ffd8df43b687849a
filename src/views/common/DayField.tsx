import { Field, makeStyles } from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useSaid } from '../../i18n/useT';

dayjs.extend(customParseFormat);

const useStyles = makeStyles({ date: { width: '170px' } });

const DAY = 'YYYY-MM-DD';

/**
 * A business day, YYYY-MM-DD: Fluent's date picker, typed or from its calendar (the browser's own
 * date control shows the browser's locale, '11/26/2026'). The text goes to the page machine as
 * picked or typed; the machine's rule decides whether it is a day. The calendar pops up inline.
 */
export function DayField({
  label,
  value,
  onChange,
  hint,
  validationMessage,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  hint?: string;
  validationMessage?: string;
}) {
  const styles = useStyles();
  // Why the day is refused: its machine's English, said in the person's language.
  const said = useSaid();
  const day = dayjs(value, DAY, true);
  return (
    <Field label={label} hint={hint} validationMessage={validationMessage && said(validationMessage)}>
      <DatePicker
        className={styles.date}
        placeholder={DAY}
        allowTextInput
        inlinePopup
        value={day.isValid() ? day.toDate() : null}
        formatDate={(d) => (d ? dayjs(d).format(DAY) : '')}
        parseDateFromString={(text) => {
          const d = dayjs(text.trim(), DAY, true);
          return d.isValid() ? d.toDate() : null;
        }}
        onSelectDate={(d) => onChange(d ? dayjs(d).format(DAY) : '')}
      />
    </Field>
  );
}

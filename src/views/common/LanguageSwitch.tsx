import { Field, Select } from '@fluentui/react-components';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/language';
import { useT } from '../../i18n/useT';

/**
 * The language switch (issue 48): each language named in itself, so a person finds theirs whatever is shown. The
 * login page sends the choice to the session (remembered in this browser); User Settings saves it for the person.
 * A native select: it is the login screen's, within its 200 kB budget (a Fluent Dropdown brings its popup
 * positioning, 23 kB gzip), and every keyboard and screen reader knows it.
 */
export function LanguageSwitch({
  language,
  onChoose,
  disabled,
}: {
  language: Language;
  onChoose: (language: Language) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <Field label={t({ id: 'y1Z3or', defaultMessage: 'Language' })}>
      <Select
        value={language}
        disabled={disabled}
        onChange={(_, data) => {
          if (isLanguage(data.value) && data.value !== language) onChoose(data.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

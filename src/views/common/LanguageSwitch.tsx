import { Dropdown, Field, Option } from '@fluentui/react-components';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/language';
import { useT } from '../../i18n/useT';

/**
 * The language switch (issue 48): each language named in itself, so a person finds theirs whatever is shown. The
 * login page sends the choice to the session (remembered in this browser); User Settings saves it for the person.
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
      <Dropdown
        value={LANGUAGE_NAMES[language]}
        selectedOptions={[language]}
        disabled={disabled}
        onOptionSelect={(_, data) => {
          if (data.optionValue && data.optionValue !== language) onChoose(data.optionValue as Language);
        }}
      >
        {LANGUAGES.map((code) => (
          <Option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

import { Dropdown, Field, Option } from '@fluentui/react-components';

/**
 * A labelled choice of one of a fixed list of words (a status, an outcome, a settlement type).
 * With `noneText` the first option is '' for 'no filter' ('All Status', 'Any'), shown while nothing is chosen;
 * without it nothing is chosen until the person picks, and the placeholder says what to pick.
 */
export function ChoiceField<T extends string>({
  label,
  options,
  labelOf = (option) => option,
  value,
  onChange,
  noneText,
  placeholder,
  required,
  disabled,
  minWidth,
}: {
  label: string;
  options: readonly T[];
  labelOf?: (option: T) => string;
  value: T | '' | null;
  onChange: (value: T | '') => void;
  noneText?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  minWidth?: number;
}) {
  return (
    <Field label={label} required={required} style={minWidth ? { minWidth } : undefined}>
      <Dropdown
        placeholder={placeholder}
        value={value ? labelOf(value) : (noneText ?? '')}
        selectedOptions={value ? [value] : noneText != null ? [''] : []}
        disabled={disabled}
        onOptionSelect={(_, d) => {
          if (noneText != null) onChange((d.optionValue ?? '') as T | '');
          else if (d.optionValue) onChange(d.optionValue as T);
        }}
      >
        {noneText != null && <Option value="">{noneText}</Option>}
        {options.map((option) => (
          <Option key={option} value={option}>
            {labelOf(option)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

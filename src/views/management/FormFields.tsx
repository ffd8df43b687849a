import { Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { assignableTypes, userTypeChoice } from '../../services/managementRules';
import type { UserTypeName } from '../../services/schemas';
import { useSaid, useT } from '../../i18n/useT';

/** A required one-line text field of a management form. */
export function TextField({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} required>
      <Input value={value} disabled={disabled} autoComplete="off" onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}

/** 'User Type' in New User and New Role: the types this user may assign (the form machine decides when it shows). */
export function UserTypeField({
  ownType,
  value,
  disabled,
  hint,
  onChange,
}: {
  ownType: UserTypeName;
  value: UserTypeName | '';
  disabled: boolean;
  hint?: string;
  onChange: (type: UserTypeName) => void;
}) {
  const t = useT();
  const said = useSaid();
  return (
    <Field label={t({ defaultMessage: 'User Type', id: 'Gt4GcJ' })} required hint={hint}>
      <Dropdown
        placeholder={t({ defaultMessage: 'Select user type', id: 'prfMEK' })}
        value={value && said(userTypeChoice(value))}
        selectedOptions={value ? [value] : []}
        disabled={disabled}
        onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue as UserTypeName)}
      >
        {assignableTypes(ownType).map((type) => (
          <Option key={type} value={type}>
            {said(userTypeChoice(type))}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

import { Dropdown, Field, Option } from '@fluentui/react-components';

/** A filter by one of a list of named things, with 'All …' first for no filter (spec section 2). */
export function FilterDropdown({
  label,
  allText,
  options,
  value,
  onChange,
  minWidth,
}: {
  label: string;
  allText: string;
  options: readonly { id: number; name: string }[];
  value: number | null;
  onChange: (value: number | null) => void;
  minWidth: number;
}) {
  const chosen = options.find((o) => o.id === value);
  return (
    <Field label={label} style={{ minWidth }}>
      <Dropdown
        value={chosen?.name ?? allText}
        selectedOptions={[String(value ?? '')]}
        onOptionSelect={(_, d) => onChange(d.optionValue ? Number(d.optionValue) : null)}
      >
        <Option value="">{allText}</Option>
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

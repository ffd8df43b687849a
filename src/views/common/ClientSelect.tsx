import { Dropdown, Field, Option } from '@fluentui/react-components';
import type { ClientOption } from '../../services/schemas';

/** The client selector of every money screen: the clients the server lets this user see. */
export function ClientSelect({
  clients,
  value,
  onChange,
  disabled,
}: {
  clients: ClientOption[];
  value: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
}) {
  const selected = clients.find((c) => c.id === value);
  return (
    <Field label="Client" style={{ minWidth: 280 }}>
      <Dropdown
        value={selected?.client_name ?? ''}
        selectedOptions={selected ? [String(selected.id)] : []}
        disabled={disabled}
        placeholder="Select client"
        onOptionSelect={(_, d) => {
          if (d.optionValue) onChange(Number(d.optionValue));
        }}
      >
        {clients.map((c) => (
          <Option key={c.id} value={String(c.id)}>
            {c.client_name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

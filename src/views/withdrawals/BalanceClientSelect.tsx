import { Dropdown, Field, Option } from '@fluentui/react-components';
import type { ClientOption } from '../../services/schemas';

/** The option that stands for every client the user may see (issue 45). */
const ALL = 'all';
export const ALL_CLIENTS_TEXT = 'All clients';

/**
 * Payments Balance's client selector: ClientSelect's list, plus All clients first for staff (the
 * page machine says whether it is offered) to read every client's withdrawals at once.
 */
export function BalanceClientSelect({
  clients,
  value,
  all,
  offersAll,
  onClient,
  onAll,
}: {
  clients: readonly ClientOption[];
  value: number | null;
  /** All clients is chosen. */
  all: boolean;
  offersAll: boolean;
  onClient: (id: number) => void;
  onAll: () => void;
}) {
  const selected = all ? null : clients.find((c) => c.id === value);
  return (
    <Field label="Client" style={{ minWidth: 280 }}>
      <Dropdown
        value={all ? ALL_CLIENTS_TEXT : (selected?.client_name ?? '')}
        selectedOptions={all ? [ALL] : selected ? [String(selected.id)] : []}
        placeholder="Select client"
        onOptionSelect={(_, d) => {
          if (d.optionValue === ALL) onAll();
          else if (d.optionValue) onClient(Number(d.optionValue));
        }}
      >
        {offersAll && <Option value={ALL}>{ALL_CLIENTS_TEXT}</Option>}
        {clients.map((c) => (
          <Option key={c.id} value={String(c.id)}>
            {c.client_name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

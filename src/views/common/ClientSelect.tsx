import { Dropdown, Field, Option } from '@fluentui/react-components';
import { useT } from '../../i18n/useT';
import type { ClientOption } from '../../services/schemas';

/** The option that stands for every client the user may see. */
const ALL = 'all';

/**
 * The client selector of every money screen: the clients the server lets this user see. Payments Balance
 * passes `allClients` too: All clients first, for staff (the page machine says whether it is offered), to
 * read every client's withdrawals at once.
 */
export function ClientSelect({
  clients,
  value,
  onChange,
  disabled,
  allClients,
}: {
  clients: readonly ClientOption[];
  value: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
  allClients?: { chosen: boolean; offered: boolean; onChoose: () => void };
}) {
  const t = useT();
  const allClientsText = t({ defaultMessage: 'All clients', id: 'yp16Oy' });
  const all = allClients?.chosen ?? false;
  const selected = all ? null : clients.find((c) => c.id === value);
  return (
    <Field label={t({ defaultMessage: 'Client', id: 'JX0502' })} style={{ minWidth: 280 }}>
      <Dropdown
        value={all ? allClientsText : (selected?.client_name ?? '')}
        selectedOptions={all ? [ALL] : selected ? [String(selected.id)] : []}
        disabled={disabled}
        placeholder={t({ defaultMessage: 'Select client', id: '2GciBk' })}
        onOptionSelect={(_, d) => {
          if (d.optionValue === ALL) allClients?.onChoose();
          else if (d.optionValue) onChange(Number(d.optionValue));
        }}
      >
        {allClients?.offered && <Option value={ALL}>{allClientsText}</Option>}
        {clients.map((c) => (
          <Option key={c.id} value={String(c.id)}>
            {c.client_name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

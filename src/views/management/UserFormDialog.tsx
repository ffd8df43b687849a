import { Divider, Dropdown, Field, Input, Option, Switch } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { userFormMachine } from '../../machines/managementFormMachine';
import { roleOptionsFor, type UserChange } from '../../machines/userForm';
import { MIN_PASSWORD_LENGTH, type UserRow } from '../../services/managementRules';
import type { ClientOption } from '../../services/schemas';
import { FormDialogShell } from './FormDialogShell';
import { TextField, UserTypeField } from './FormFields';
import { useT } from '../../i18n/useT';

export type UserFormActor = ActorRefFrom<typeof userFormMachine>;

/** New User / Edit User (spec section 2): the user form machine's fields; the machine owns every rule. */
export function UserFormDialog({
  actor,
  clients,
  record,
}: {
  actor: UserFormActor;
  clients: ClientOption[];
  record: UserRow | null;
}) {
  const t = useT();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { form, mode, errors, failure, ownType, options: roles } = s.context;
  const submitting = s.matches('submitting');
  const editing = mode === 'edit';
  const change = (c: UserChange) => actor.send({ type: 'CHANGE', change: c });
  const takes = (c: UserChange) => !submitting && s.can({ type: 'CHANGE', change: c });
  const roleOptions = roleOptionsFor(roles, form.type);
  const role = roleOptions.find((r) => r.id === form.roleId);
  // On edit the user's role may be one this screen does not list (the options failed to load); it is still named.
  const roleText = role?.name ?? (record && record.role_id === form.roleId ? (record.role_name ?? '') : '');
  const chosenClients = clients.filter((c) => form.clientIds.includes(c.id));
  const clientsApply = s.can({ type: 'CHANGE', change: { clientIds: [] } });

  return (
    <FormDialogShell
      title={
        editing ? t({ defaultMessage: 'Edit User', id: 'tT2D9t' }) : t({ defaultMessage: 'New User', id: 'MMr5YH' })
      }
      maxWidth="560px"
      state={{ submitting, errors, failure }}
      onSubmit={() => actor.send({ type: 'SUBMIT' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
      onDismissFailure={() => actor.send({ type: 'DISMISS_FAILURE' })}
    >
      {s.context.choosesType && (
        <UserTypeField
          ownType={ownType}
          value={form.type}
          hint={editing ? t({ defaultMessage: 'The type is fixed once the user exists.', id: 'EHFlqN' }) : undefined}
          disabled={!takes({ type: ownType })}
          onChange={(type) => change({ type })}
        />
      )}
      <Field
        label={t({ defaultMessage: 'Role', id: '1ZgrhW' })}
        required
        hint={form.type ? undefined : t({ defaultMessage: 'Choose a user type first.', id: 'dZf+EI' })}
      >
        <Dropdown
          placeholder={t({ defaultMessage: 'Select role', id: 'iaCoRs' })}
          value={roleText}
          selectedOptions={form.roleId != null ? [String(form.roleId)] : []}
          disabled={submitting || !form.type}
          onOptionSelect={(_, d) => d.optionValue && change({ roleId: Number(d.optionValue) })}
        >
          {roleOptions.map((r) => (
            <Option key={r.id} value={String(r.id)}>
              {r.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <TextField
        label={t({ defaultMessage: 'Name', id: 'HAlOn1' })}
        value={form.name}
        disabled={submitting}
        onChange={(name) => change({ name })}
      />
      <Field
        label={t({ defaultMessage: 'Clients', id: 'iCpuph' })}
        required={clientsApply}
        hint={clientsApply ? undefined : t({ defaultMessage: 'SUPER ADMIN users see every client.', id: 'VC5ONj' })}
      >
        <Dropdown
          multiselect
          placeholder={
            clientsApply
              ? t({ defaultMessage: 'Select clients', id: 'Q4bLqd' })
              : t({ defaultMessage: 'All clients', id: 'yp16Oy' })
          }
          value={chosenClients.map((c) => c.client_name).join(', ')}
          selectedOptions={form.clientIds.map(String)}
          disabled={submitting || !clientsApply}
          onOptionSelect={(_, d) => change({ clientIds: d.selectedOptions.map(Number) })}
        >
          {clients.map((c) => (
            <Option key={c.id} value={String(c.id)}>
              {c.client_name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t({ defaultMessage: 'Email', id: 'sy+pv5' })}
        required
        hint={editing ? t({ defaultMessage: 'The email is fixed once the user exists.', id: 'XeVtfv' }) : undefined}
      >
        <Input
          type="email"
          value={form.email}
          disabled={!takes({ email: form.email })}
          autoComplete="off"
          onChange={(_, d) => change({ email: d.value })}
        />
      </Field>
      {editing && <Divider alignContent="start">{t({ defaultMessage: 'RESET PASSWORD', id: 'QNGm0G' })}</Divider>}
      <Field
        label={t({ defaultMessage: 'Password', id: '5sg7KC' })}
        required={!editing}
        hint={
          editing
            ? t({ defaultMessage: 'Leave both empty to keep the current password.', id: 'B8JqOq' })
            : t({ defaultMessage: 'At least {count} characters.', id: 'MJLn8Z' }, { count: MIN_PASSWORD_LENGTH })
        }
      >
        <Input
          type="password"
          value={form.password}
          disabled={submitting}
          autoComplete="new-password"
          onChange={(_, d) => change({ password: d.value })}
        />
      </Field>
      <Field label={t({ defaultMessage: 'Password Confirmation', id: 'tMBQmH' })} required={!editing}>
        <Input
          type="password"
          value={form.passwordConfirmation}
          disabled={submitting}
          autoComplete="new-password"
          onChange={(_, d) => change({ passwordConfirmation: d.value })}
        />
      </Field>
      {editing && (
        <Switch
          label={t({ defaultMessage: 'Active', id: '3a5wL8' })}
          checked={form.isActive}
          disabled={!takes({ isActive: form.isActive })}
          onChange={(_, d) => change({ isActive: d.checked })}
        />
      )}
    </FormDialogShell>
  );
}

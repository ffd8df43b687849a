import { Field, Textarea } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { roleFormMachine } from '../../machines/managementFormMachine';
import type { RoleChange } from '../../machines/roleForm';
import { modulesFor } from '../../services/managementRules';
import { FormDialogShell } from './FormDialogShell';
import { TextField, UserTypeField } from './FormFields';
import { ModuleSelection } from './ModuleSelection';
import { useT } from '../../i18n/useT';

export type RoleFormActor = ActorRefFrom<typeof roleFormMachine>;

/** New Role / Edit Role (spec section 2): the role form machine's fields; the machine owns every rule. */
export function RoleFormDialog({ actor }: { actor: RoleFormActor }) {
  const t = useT();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { form, mode, errors, failure, ownType, options: tree } = s.context;
  const submitting = s.matches('submitting');
  const change = (c: RoleChange) => actor.send({ type: 'CHANGE', change: c });

  return (
    <FormDialogShell
      title={
        mode === 'create'
          ? t({ defaultMessage: 'New Role', id: 'fvZe5X' })
          : t({ defaultMessage: 'Edit Role', id: 'lwQ2xb' })
      }
      maxWidth="760px"
      state={{ submitting, errors, failure }}
      onSubmit={() => actor.send({ type: 'SUBMIT' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
      onDismissFailure={() => actor.send({ type: 'DISMISS_FAILURE' })}
    >
      <TextField
        label={t({ defaultMessage: 'Role Name', id: 'bx8ZvK' })}
        value={form.name}
        disabled={submitting}
        onChange={(name) => change({ name })}
      />
      {s.context.choosesType && mode === 'create' && (
        <UserTypeField
          ownType={ownType}
          value={form.type}
          disabled={!s.can({ type: 'CHANGE', change: { type: ownType } })}
          onChange={(type) => change({ type })}
        />
      )}
      <Field label={t({ defaultMessage: 'Description', id: 'Q8Qw5B' })} required>
        <Textarea
          value={form.description}
          disabled={submitting}
          resize="vertical"
          onChange={(_, d) => change({ description: d.value })}
        />
      </Field>
      <ModuleSelection
        tree={modulesFor(tree, form.type)}
        selected={form.modules}
        disabled={submitting}
        onToggle={(module, on) => change({ module, on })}
      />
    </FormDialogShell>
  );
}

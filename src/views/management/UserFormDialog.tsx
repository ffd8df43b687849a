import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Divider, Dropdown, Field, Input, Option, Switch, makeStyles, tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { choosesType } from '../../machines/managementForm';
import { roleOptionsFor, takesClients, userFormMachine, type UserFormInput } from '../../machines/userFormMachine';
import { assignableTypes, MIN_PASSWORD_LENGTH } from '../../services/managementRules';
import type { ClientOption, UserTypeName } from '../../services/schemas';
import { FormErrors } from './FormErrors';
import { SaveFailedDialog } from './SaveFailedDialog';
import { useFormOutcome } from './useFormOutcome';

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** New User / Edit User (spec section 2): renders the user form machine, which owns every rule. */
export function UserFormDialog({ input, clients, onClose }: { input: UserFormInput; clients: ClientOption[]; onClose: (saved: boolean) => void }) {
  const styles = useStyles();
  const actor = useActorRef(userFormMachine, { input });
  const s = useSelector(actor, (snapshot) => snapshot);
  useFormOutcome(actor, onClose);

  if (s.status === 'done') return null;
  const { form, mode, errors, failure, ownType } = s.context;
  const submitting = s.matches('submitting');
  const editing = mode === 'edit';
  const roleOptions = roleOptionsFor(s.context.roles, form.type);
  const role = roleOptions.find((r) => r.id === form.roleId);
  // On edit the user's role may be one this screen does not list (the options failed to load); it is still named.
  const roleText = role?.name ?? (editing && input.mode === 'edit' && input.user.role_id === form.roleId ? input.user.role_name ?? '' : '');
  const chosenClients = clients.filter((c) => form.clientIds.includes(c.id));
  const clientsApply = takesClients(form.type);
  const title = editing ? 'Edit User' : 'New User';

  return (
    <>
      <Dialog open onOpenChange={(_, d) => { if (!d.open && !submitting) actor.send({ type: 'CANCEL' }); }}>
        <DialogSurface className={styles.surface}>
          {/* The machine lists every error together; the browser's own checks would stop at the first. */}
          <form noValidate onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'SUBMIT' }); }}>
            <DialogBody>
              <DialogTitle>{title}</DialogTitle>
              <DialogContent className={styles.content}>
                <FormErrors errors={errors} />
                {choosesType(ownType) && (
                  <Field label="User Type" required hint={editing ? 'The type is fixed once the user exists.' : undefined}>
                    <Dropdown placeholder="Select user type" value={form.type} selectedOptions={form.type ? [form.type] : []} disabled={editing || submitting}
                      onOptionSelect={(_, d) => d.optionValue && actor.send({ type: 'SET_TYPE', value: d.optionValue as UserTypeName })}>
                      {assignableTypes(ownType).map((t) => <Option key={t} value={t}>{t}</Option>)}
                    </Dropdown>
                  </Field>
                )}
                <Field label="Role" required hint={form.type ? undefined : 'Choose a user type first.'}>
                  <Dropdown placeholder="Select role" value={roleText} selectedOptions={form.roleId != null ? [String(form.roleId)] : []} disabled={submitting || !form.type}
                    onOptionSelect={(_, d) => d.optionValue && actor.send({ type: 'SET_ROLE', value: Number(d.optionValue) })}>
                    {roleOptions.map((r) => <Option key={r.id} value={String(r.id)}>{r.name}</Option>)}
                  </Dropdown>
                </Field>
                <Field label="Name" required>
                  <Input value={form.name} disabled={submitting} autoComplete="off" onChange={(_, d) => actor.send({ type: 'SET_NAME', value: d.value })} />
                </Field>
                <Field label="Clients" required={clientsApply} hint={clientsApply ? undefined : 'SUPER ADMIN users see every client.'}>
                  <Dropdown multiselect placeholder={clientsApply ? 'Select clients' : 'All clients'} value={chosenClients.map((c) => c.client_name).join(', ')}
                    selectedOptions={form.clientIds.map(String)} disabled={submitting || !clientsApply}
                    onOptionSelect={(_, d) => actor.send({ type: 'SET_CLIENTS', value: d.selectedOptions.map(Number) })}>
                    {clients.map((c) => <Option key={c.id} value={String(c.id)}>{c.client_name}</Option>)}
                  </Dropdown>
                </Field>
                <Field label="Email" required hint={editing ? 'The email is fixed once the user exists.' : undefined}>
                  <Input type="email" value={form.email} disabled={editing || submitting} autoComplete="off" onChange={(_, d) => actor.send({ type: 'SET_EMAIL', value: d.value })} />
                </Field>
                {editing && <Divider alignContent="start">RESET PASSWORD</Divider>}
                <Field label="Password" required={!editing} hint={editing ? 'Leave both empty to keep the current password.' : `At least ${MIN_PASSWORD_LENGTH} characters.`}>
                  <Input type="password" value={form.password} disabled={submitting} autoComplete="new-password" onChange={(_, d) => actor.send({ type: 'SET_PASSWORD', value: d.value })} />
                </Field>
                <Field label="Password Confirmation" required={!editing}>
                  <Input type="password" value={form.passwordConfirmation} disabled={submitting} autoComplete="new-password"
                    onChange={(_, d) => actor.send({ type: 'SET_PASSWORD_CONFIRMATION', value: d.value })} />
                </Field>
                {editing && (
                  <Switch label="Active" checked={form.isActive} disabled={submitting} onChange={(_, d) => actor.send({ type: 'SET_ACTIVE', value: d.checked })} />
                )}
              </DialogContent>
              <DialogActions>
                <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={submitting}>Cancel</Button>
                <Button appearance="primary" type="submit" disabled={submitting}>{submitting ? 'Saving…' : 'Save'}</Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      <SaveFailedDialog failure={failure} onDismiss={() => actor.send({ type: 'DISMISS_FAILURE' })} />
    </>
  );
}

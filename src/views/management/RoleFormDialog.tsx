import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, Option, Textarea, makeStyles, tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { roleFormMachine, type RoleFormInput } from '../../machines/roleFormMachine';
import { choosesType } from '../../machines/managementForm';
import { assignableTypes, modulesFor } from '../../services/managementRules';
import type { UserTypeName } from '../../services/schemas';
import { FormErrors } from './FormErrors';
import { ModuleSelection } from './ModuleSelection';
import { SaveFailedDialog } from './SaveFailedDialog';
import { useFormOutcome } from './useFormOutcome';

const useStyles = makeStyles({
  surface: { maxWidth: '760px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** New Role / Edit Role (spec section 2): renders the role form machine, which owns every rule. */
export function RoleFormDialog({ input, onClose }: { input: RoleFormInput; onClose: (saved: boolean) => void }) {
  const styles = useStyles();
  const actor = useActorRef(roleFormMachine, { input });
  const s = useSelector(actor, (snapshot) => snapshot);
  useFormOutcome(actor, onClose);

  if (s.status === 'done') return null;
  const { form, mode, errors, failure, ownType, tree } = s.context;
  const submitting = s.matches('submitting');
  const creating = mode === 'create';

  return (
    <>
      <Dialog open onOpenChange={(_, d) => { if (!d.open && !submitting) actor.send({ type: 'CANCEL' }); }}>
        <DialogSurface className={styles.surface}>
          <form noValidate onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'SUBMIT' }); }}>
            <DialogBody>
              <DialogTitle>{creating ? 'New Role' : 'Edit Role'}</DialogTitle>
              <DialogContent className={styles.content}>
                <FormErrors errors={errors} />
                <Field label="Role Name" required>
                  <Input value={form.name} disabled={submitting} autoComplete="off" onChange={(_, d) => actor.send({ type: 'SET_NAME', value: d.value })} />
                </Field>
                {creating && choosesType(ownType) && (
                  <Field label="User Type" required>
                    <Dropdown placeholder="Select user type" value={form.type} selectedOptions={form.type ? [form.type] : []} disabled={submitting}
                      onOptionSelect={(_, d) => d.optionValue && actor.send({ type: 'SET_TYPE', value: d.optionValue as UserTypeName })}>
                      {assignableTypes(ownType).map((t) => <Option key={t} value={t}>{t}</Option>)}
                    </Dropdown>
                  </Field>
                )}
                <Field label="Description" required>
                  <Textarea value={form.description} disabled={submitting} resize="vertical" onChange={(_, d) => actor.send({ type: 'SET_DESCRIPTION', value: d.value })} />
                </Field>
                <ModuleSelection tree={modulesFor(tree, form.type)} selected={form.modules} disabled={submitting} onToggle={(id, on) => actor.send({ type: 'TOGGLE_MODULE', id, on })} />
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

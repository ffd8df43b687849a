import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { roleFormMachine, type RoleFormInput, type SaveRoleInput } from '../../machines/roleFormMachine';
import { ApiError } from '../../services/http';
import { MODULE_REQUIRED, normalizeModules, roleFormErrors, SAVE_FAILED } from '../../services/managementRules';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';
import { auditor, tree } from './managementFixtures';

const events = [
  { type: 'SET_NAME', value: 'Auditor' }, { type: 'SET_NAME', value: ' ' },
  { type: 'SET_DESCRIPTION', value: 'Reads the books' }, { type: 'SET_DESCRIPTION', value: '' },
  { type: 'SET_TYPE', value: 'ADMIN' }, { type: 'SET_TYPE', value: 'CLIENT' },
  { type: 'TOGGLE_MODULE', id: 'disbursement', on: true }, { type: 'TOGGLE_MODULE', id: 'disbursement', on: false },
  { type: 'TOGGLE_MODULE', id: 'disbursement-transactions', on: false },
  { type: 'TOGGLE_MODULE', id: 'disbursement-account', on: true }, { type: 'TOGGLE_MODULE', id: 'disbursement-account', on: false },
  { type: 'TOGGLE_MODULE', id: 'transactions', on: true },
  { type: 'SUBMIT' }, { type: 'DISMISS_FAILURE' }, { type: 'CANCEL' },
  doneEvent('save', 'Role Auditor has been successfully created'),
  errorEvent('save', new ApiError(409, 'Role Auditor already exists')),
  errorEvent('save', new ApiError(0, 'Error')),
];

const inputs: RoleFormInput[] = [
  { mode: 'create', ownType: 'SUPER ADMIN', tree },
  { mode: 'create', ownType: 'ADMIN', tree },
  { mode: 'edit', ownType: 'SUPER ADMIN', tree, role: auditor },
];

const valid = (s: AnyMachineSnapshot) => roleFormErrors(s.context.form).length === 0;

describe('role form machine: model', () => {
  const model = buildModel(roleFormMachine, {
    events,
    inputs,
    serialize: (s) => JSON.stringify([
      s.value, s.context.mode, s.context.ownType, s.context.form.type, [...s.context.form.modules].sort(), valid(s), s.context.errors.length > 0, s.context.failure != null,
    ]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    expect(s.value).toEqual(path.end.value);
    const { form, ownType } = s.context;
    const input = (path as unknown as { input: RoleFormInput }).input;
    // The selection is always in its stored shape: a chosen module carries its required children.
    expect([...form.modules].sort()).toEqual([...normalizeModules(tree, form.modules)].sort());
    if (form.modules.includes('disbursement')) expect(form.modules).toContain('disbursement-transactions');
    if (ownType !== 'SUPER ADMIN') expect(form.type).toBe(ownType);
    if (input.mode === 'edit') expect(form.type).toBe(input.role.type);
    if (s.matches('submitting')) expect(valid(s)).toBe(true);
    if (s.context.errors.length) expect(s.context.errors).toEqual(roleFormErrors(form));
    if (s.matches('saved')) expect(s.output).toEqual({ saved: true, message: 'Role Auditor has been successfully created' });
    if (s.context.failure) expect(['Role Auditor already exists', SAVE_FAILED]).toContain(s.context.failure.message);
  });
});

describe('role form machine: what the user gets', () => {
  const start = (input: RoleFormInput, save: () => Promise<string> = async () => '') => {
    const sent: SaveRoleInput[] = [];
    const actor = createActor(roleFormMachine.provide({
      actors: { save: fromPromise<string, SaveRoleInput>(({ input: body }) => { sent.push(body); return save(); }) },
    }), { input }).start();
    return { actor, sent };
  };
  const modules = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.form.modules;

  it('lists every missing field together, with the module rule in the spec’s words', () => {
    const { actor } = start(inputs[0]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual(['Role Name is required', 'User Type is required', 'Description is required', MODULE_REQUIRED]);
  });

  it("selects a module's children with 'Select all', keeps required children on, and clears the module with it", () => {
    const { actor } = start(inputs[1]);
    actor.send({ type: 'TOGGLE_MODULE', id: 'disbursement-account', on: true });
    expect(modules(actor)).toEqual(['disbursement', 'disbursement-transactions', 'disbursement-account']);
    actor.send({ type: 'TOGGLE_MODULE', id: 'disbursement-transactions', on: false });
    expect(modules(actor)).toContain('disbursement-transactions');
    actor.send({ type: 'TOGGLE_MODULE', id: 'disbursement', on: true });
    expect(modules(actor)).toEqual(['disbursement', 'disbursement-transactions', 'disbursement-account', 'disbursement-master']);
    actor.send({ type: 'TOGGLE_MODULE', id: 'disbursement', on: false });
    expect(modules(actor)).toEqual([]);
  });

  it("creates an ADMIN's roles with the ADMIN type, which they cannot change", async () => {
    const { actor, sent } = start(inputs[1], async () => 'Role Auditor has been successfully created');
    actor.send({ type: 'SET_TYPE', value: 'CLIENT' });
    actor.send({ type: 'SET_NAME', value: ' Auditor ' });
    actor.send({ type: 'SET_DESCRIPTION', value: 'Reads the books' });
    actor.send({ type: 'TOGGLE_MODULE', id: 'transactions', on: true });
    actor.send({ type: 'SUBMIT' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ mode: 'create', body: { name: 'Auditor', description: 'Reads the books', type: 'ADMIN', modules: ['transactions'] } }]);
    expect(done.output).toEqual({ saved: true, message: 'Role Auditor has been successfully created' });
  });

  it('on edit starts from the stored modules with required children added, and sends no type', async () => {
    const { actor, sent } = start(inputs[2]);
    expect(modules(actor)).toEqual(['disbursement', 'disbursement-transactions', 'disbursement-account']);
    actor.send({ type: 'SET_TYPE', value: 'CLIENT' });
    actor.send({ type: 'SUBMIT' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ mode: 'edit', body: { id: 5, name: 'Auditor', description: 'Reads the books', modules: ['disbursement', 'disbursement-transactions', 'disbursement-account'] } }]);
    // No message from the server: the spec's own words.
    expect(done.output).toEqual({ saved: true, message: 'Role Auditor has been successfully updated' });
  });

  it("shows the server's refusal, or the fallback when there was no answer", async () => {
    const { actor } = start(inputs[2], async () => { throw new ApiError(0, 'Error'); });
    actor.send({ type: 'SUBMIT' });
    const s = await waitFor(actor, (x) => x.context.failure != null);
    expect(s.value).toBe('editing');
    expect(s.context.failure).toEqual({ message: SAVE_FAILED, details: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { ManagementFormInput } from '../../machines/managementForm';
import { roleFormMachine } from '../../machines/managementFormMachine';
import { payloadOf, type SaveRoleInput } from '../../machines/roleForm';
import type { ModuleItem } from '../../services/schemas';
import { ApiError } from '../../services/http';
import { moduleItem } from '../../services/pages';
import { roleModulesProblem } from '../../services/roleModuleRules';
import {
  MODULE_REQUIRED,
  modulesFor,
  normalizeModules,
  roleFormErrors,
  SAVE_FAILED,
  type RoleRow,
} from '../../services/managementRules';

type RoleFormInput = ManagementFormInput<RoleRow, ModuleItem[]>;
import { buildModel, doneEvent, errorEvent } from './modelCoverage';
import { auditor, tree } from './managementFixtures';

const events = [
  { type: 'CHANGE', change: { name: 'Auditor' } },
  { type: 'CHANGE', change: { name: ' ' } },
  { type: 'CHANGE', change: { description: 'Reads the books' } },
  { type: 'CHANGE', change: { description: '' } },
  { type: 'CHANGE', change: { type: 'ADMIN' } },
  { type: 'CHANGE', change: { type: 'CLIENT' } },
  { type: 'CHANGE', change: { module: 'disbursement', on: true } },
  { type: 'CHANGE', change: { module: 'disbursement', on: false } },
  { type: 'CHANGE', change: { module: 'disbursement-transactions', on: false } },
  { type: 'CHANGE', change: { module: 'disbursement-account', on: true } },
  { type: 'CHANGE', change: { module: 'disbursement-account', on: false } },
  { type: 'CHANGE', change: { module: 'transactions', on: true } },
  { type: 'SUBMIT' },
  { type: 'DISMISS_FAILURE' },
  { type: 'CANCEL' },
  doneEvent('save', 'Role Auditor has been successfully created'),
  errorEvent('save', new ApiError(409, 'Role Auditor already exists')),
  errorEvent('save', new ApiError(0, 'Error')),
];

const inputs: RoleFormInput[] = [
  { ownType: 'SUPER ADMIN', options: tree, record: null },
  { ownType: 'ADMIN', options: tree, record: null },
  { ownType: 'SUPER ADMIN', options: tree, record: auditor },
];

const errorsOf = (s: AnyMachineSnapshot) =>
  roleFormErrors(payloadOf(s.context).body, s.context.mode, s.context.form.type);
const valid = (s: AnyMachineSnapshot) => errorsOf(s).length === 0;

describe('role form machine: model', () => {
  const model = buildModel(roleFormMachine, {
    events,
    inputs,
    serialize: (s) =>
      JSON.stringify([
        s.value,
        s.context.mode,
        s.context.ownType,
        s.context.form.type,
        [...s.context.form.modules].sort(),
        valid(s),
        s.context.errors.length > 0,
        s.context.failure != null,
      ]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    const { form, ownType } = s.context;
    const input = (path as unknown as { input: RoleFormInput }).input;
    // The selection is always in its stored shape: a chosen module carries its required children.
    expect([...form.modules].sort()).toEqual([...normalizeModules(tree, form.modules)].sort());
    if (form.modules.includes('disbursement')) expect(form.modules).toContain('disbursement-transactions');
    if (ownType !== 'SUPER ADMIN') expect(form.type).toBe(ownType);
    if (input.record) expect(form.type).toBe(input.record.type);
    if (s.matches('submitting')) expect(valid(s)).toBe(true);
    if (s.context.errors.length) expect(s.context.errors).toEqual(errorsOf(s));
    if (s.matches('saved'))
      expect(s.output).toEqual({ saved: true, message: 'Role Auditor has been successfully created' });
    if (s.context.failure) expect(['Role Auditor already exists', SAVE_FAILED]).toContain(s.context.failure.message);
  });
});

describe('role form machine: what the user gets', () => {
  const start = (input: RoleFormInput, save: () => Promise<string> = async () => '') => {
    const sent: SaveRoleInput[] = [];
    const actor = createActor(
      roleFormMachine.provide({
        actors: {
          save: fromPromise<string, SaveRoleInput>(({ input: body }) => {
            sent.push(body);
            return save();
          }),
        },
      }),
      { input },
    ).start();
    return { actor, sent };
  };
  const modules = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.form.modules;

  it('lists every missing field together, with the module rule in the spec’s words', () => {
    const { actor } = start(inputs[0]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual([
      'Role Name is required',
      'User Type is required',
      'Description is required',
      MODULE_REQUIRED,
    ]);
  });

  it("selects a module's children with 'Select all', keeps required children on, and clears the module with it", () => {
    const { actor } = start(inputs[1]);
    actor.send({ type: 'CHANGE', change: { module: 'disbursement-account', on: true } });
    expect(modules(actor)).toEqual(['disbursement', 'disbursement-transactions', 'disbursement-account']);
    actor.send({ type: 'CHANGE', change: { module: 'disbursement-transactions', on: false } });
    expect(modules(actor)).toContain('disbursement-transactions');
    actor.send({ type: 'CHANGE', change: { module: 'disbursement', on: true } });
    expect(modules(actor)).toEqual([
      'disbursement',
      'disbursement-transactions',
      'disbursement-account',
      'disbursement-master',
    ]);
    actor.send({ type: 'CHANGE', change: { module: 'disbursement', on: false } });
    expect(modules(actor)).toEqual([]);
  });

  it("creates an ADMIN's roles with the ADMIN type, which they cannot change", async () => {
    const { actor, sent } = start(inputs[1], async () => 'Role Auditor has been successfully created');
    actor.send({ type: 'CHANGE', change: { type: 'CLIENT' } });
    actor.send({ type: 'CHANGE', change: { name: ' Auditor ' } });
    actor.send({ type: 'CHANGE', change: { description: 'Reads the books' } });
    actor.send({ type: 'CHANGE', change: { module: 'transactions', on: true } });
    actor.send({ type: 'SUBMIT' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      {
        mode: 'create',
        body: { name: 'Auditor', description: 'Reads the books', type: 'ADMIN', modules: ['transactions'] },
      },
    ]);
    expect(done.output).toEqual({ saved: true, message: 'Role Auditor has been successfully created' });
  });

  it('on edit starts from the stored modules with required children added, and sends no type', async () => {
    const { actor, sent } = start(inputs[2]);
    expect(modules(actor)).toEqual(['disbursement', 'disbursement-transactions', 'disbursement-account']);
    actor.send({ type: 'CHANGE', change: { type: 'CLIENT' } });
    actor.send({ type: 'SUBMIT' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      {
        mode: 'edit',
        body: {
          id: 5,
          name: 'Auditor',
          description: 'Reads the books',
          modules: ['disbursement', 'disbursement-transactions', 'disbursement-account'],
        },
      },
    ]);
    // No message from the server: the spec's own words.
    expect(done.output).toEqual({ saved: true, message: 'Role Auditor has been successfully updated' });
  });

  it('offers a client role no management modules and never sends them (issue 28)', async () => {
    const withManagement = [...tree, moduleItem('management')];
    expect(modulesFor(withManagement, 'CLIENT').map((m) => m.id)).not.toContain('management');
    expect(modulesFor(withManagement, 'ADMIN').map((m) => m.id)).toContain('management');
    const { actor, sent } = start({ ...inputs[0], options: withManagement });
    actor.send({ type: 'CHANGE', change: { type: 'ADMIN' } });
    actor.send({ type: 'CHANGE', change: { module: 'management', on: true } });
    actor.send({ type: 'CHANGE', change: { type: 'CLIENT' } });
    actor.send({ type: 'CHANGE', change: { name: 'Merchant Team' } });
    actor.send({ type: 'CHANGE', change: { description: 'Client staff' } });
    actor.send({ type: 'CHANGE', change: { module: 'transactions', on: true } });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      {
        mode: 'create',
        body: { name: 'Merchant Team', description: 'Client staff', type: 'CLIENT', modules: ['transactions'] },
      },
    ]);
  });

  it("checks the server's rule of what a client role may hold before sending", () => {
    const body = { name: 'x', description: 'x', type: 'CLIENT', modules: ['management', 'management-user'] };
    expect(roleFormErrors(body, 'create', 'CLIENT')).toEqual([roleModulesProblem('CLIENT', body.modules)]);
    expect(roleFormErrors(body, 'create', 'CLIENT')).toEqual(['A client role cannot hold User Management.']);
    expect(roleFormErrors({ ...body, type: 'ADMIN' }, 'create', 'ADMIN')).toEqual([]);
  });

  it("shows the server's refusal, or the fallback when there was no answer", async () => {
    const { actor } = start(inputs[2], async () => {
      throw new ApiError(0, 'Error');
    });
    actor.send({ type: 'SUBMIT' });
    const s = await waitFor(actor, (x) => x.context.failure != null);
    expect(s.value).toBe('editing');
    expect(s.context.failure).toEqual({ message: SAVE_FAILED, details: [] });
  });
});

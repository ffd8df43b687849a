import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot, type EventFrom } from 'xstate';
import type { ManagementFormInput } from '../../machines/managementForm';
import { userFormMachine } from '../../machines/managementFormMachine';
import { payloadOf, roleOptionsFor, type SaveUserInput } from '../../machines/userForm';
import type { RoleOption } from '../../services/schemas';
import { ApiError } from '../../services/http';
import { SAVE_FAILED, userFormErrors, type UserRow } from '../../services/managementRules';

type UserFormInput = ManagementFormInput<UserRow, RoleOption[]>;
import { budi, roles } from './managementFixtures';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const PASSWORD = 'correct horse battery';

const events = [
  { type: 'CHANGE', change: { type: 'SUPER ADMIN' } },
  { type: 'CHANGE', change: { type: 'ADMIN' } },
  { type: 'CHANGE', change: { type: 'CLIENT' } },
  { type: 'CHANGE', change: { roleId: 1 } },
  { type: 'CHANGE', change: { roleId: 3 } },
  { type: 'CHANGE', change: { roleId: 4 } },
  { type: 'CHANGE', change: { roleId: 99 } },
  { type: 'CHANGE', change: { roleId: null } },
  { type: 'CHANGE', change: { clientIds: [1, 2] } },
  { type: 'CHANGE', change: { clientIds: [] } },
  { type: 'CHANGE', change: { name: 'Siti' } },
  { type: 'CHANGE', change: { name: '  ' } },
  { type: 'CHANGE', change: { email: 'siti@demo.local' } },
  { type: 'CHANGE', change: { email: 'siti@demo' } },
  { type: 'CHANGE', change: { password: PASSWORD } },
  { type: 'CHANGE', change: { password: 'short' } },
  { type: 'CHANGE', change: { password: '' } },
  { type: 'CHANGE', change: { passwordConfirmation: PASSWORD } },
  { type: 'CHANGE', change: { passwordConfirmation: '' } },
  { type: 'CHANGE', change: { isActive: false } },
  { type: 'SUBMIT' },
  { type: 'DISMISS_FAILURE' },
  { type: 'CANCEL' },
  doneEvent('save', 'User Siti has been successfully created'),
  errorEvent(
    'save',
    new ApiError(422, 'Email has already been taken', [{ field: 'email', message: 'Email has already been taken' }]),
  ),
  errorEvent('save', new ApiError(0, 'Error')),
];

const inputs: UserFormInput[] = [
  { ownType: 'SUPER ADMIN', options: roles, record: null },
  { ownType: 'ADMIN', options: roles.filter((r) => r.type === 'ADMIN'), record: null },
  { ownType: 'SUPER ADMIN', options: roles, record: budi },
  { ownType: 'ADMIN', options: roles.filter((r) => r.type === 'ADMIN'), record: { ...budi, is_active: false } },
];

const valid = (s: AnyMachineSnapshot) => userFormErrors(s.context.form, s.context.mode).length === 0;

describe('user form machine: model', () => {
  const model = buildModel(userFormMachine, {
    events,
    inputs,
    // The form is abstracted to what decides the next step and what the rules constrain.
    serialize: (s) =>
      JSON.stringify([
        s.value,
        s.context.mode,
        s.context.ownType,
        s.context.form.type,
        s.context.form.roleId,
        s.context.form.isActive,
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
    const { form, mode, ownType } = s.context;
    const input = (path as unknown as { input: UserFormInput }).input;
    // The role always belongs to the chosen type, and only SUPER ADMIN picks another type than their own.
    if (form.roleId != null) expect(roleOptionsFor(roles, form.type).map((r) => r.id)).toContain(form.roleId);
    if (ownType !== 'SUPER ADMIN') expect(form.type).toBe(ownType);
    if (input.record) {
      expect(form.email).toBe(input.record.email);
      expect(form.type).toBe(input.record.type);
    } else {
      expect(form.isActive).toBe(true);
    }
    if (form.type === 'SUPER ADMIN') expect(form.clientIds).toEqual([]);
    if (s.matches('submitting')) expect(valid(s)).toBe(true);
    if (s.context.errors.length) expect(s.context.errors).toEqual(userFormErrors(form, mode));
    if (s.matches('saved'))
      expect(s.output).toEqual({ saved: true, message: 'User Siti has been successfully created' });
    if (s.matches('cancelled')) expect(s.output).toEqual({ saved: false, message: null });
    if (s.context.failure) expect(['Email has already been taken', SAVE_FAILED]).toContain(s.context.failure.message);
  });
});

describe('user form machine: what the user gets', () => {
  const start = (input: UserFormInput, save: (input: SaveUserInput) => Promise<string> = async () => '') => {
    const sent: SaveUserInput[] = [];
    const actor = createActor(
      userFormMachine.provide({
        actors: {
          save: fromPromise<string, SaveUserInput>(({ input: body }) => {
            sent.push(body);
            return save(body);
          }),
        },
      }),
      { input },
    ).start();
    return { actor, sent };
  };

  it('lists every missing field together, in field order', () => {
    const { actor } = start(inputs[0]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual([
      'User Type is required',
      'Role is required',
      'Client Name is required',
      'Name is required',
      'Email is required',
      'Password is required',
      'Password Confirmation is required',
    ]);
    actor.send({ type: 'CHANGE', change: { password: PASSWORD } });
    actor.send({ type: 'CHANGE', change: { passwordConfirmation: `${PASSWORD}!` } });
    expect(actor.getSnapshot().context.errors).toContain('Password and Password Confirmation does not match');
  });

  it('offers the roles of the chosen type only, and a new type clears the role', () => {
    const { actor } = start(inputs[0]);
    actor.send({ type: 'CHANGE', change: { roleId: 1 } });
    expect(actor.getSnapshot().context.form.roleId).toBeNull();
    actor.send({ type: 'CHANGE', change: { type: 'ADMIN' } });
    expect(roleOptionsFor(actor.getSnapshot().context.options, 'ADMIN').map((r) => r.name)).toEqual([
      'Operator',
      'Finance',
    ]);
    actor.send({ type: 'CHANGE', change: { roleId: 2 } });
    actor.send({ type: 'CHANGE', change: { type: 'ADMIN' } });
    expect(actor.getSnapshot().context.form.roleId).toBe(2);
    actor.send({ type: 'CHANGE', change: { type: 'CLIENT' } });
    expect(actor.getSnapshot().context.form.roleId).toBeNull();
  });

  it('creates an ADMIN’s users with the ADMIN type and reports the server’s message', async () => {
    const { actor, sent } = start(inputs[1], async () => 'User Siti has been successfully created');
    expect(actor.getSnapshot().context.form.type).toBe('ADMIN');
    for (const e of [
      { type: 'CHANGE', change: { roleId: 2 } },
      { type: 'CHANGE', change: { clientIds: [1, 2] } },
      { type: 'CHANGE', change: { name: ' Siti ' } },
      { type: 'CHANGE', change: { email: 'siti@demo.local' } },
      { type: 'CHANGE', change: { password: PASSWORD } },
      { type: 'CHANGE', change: { passwordConfirmation: PASSWORD } },
      { type: 'SUBMIT' },
    ] satisfies EventFrom<typeof userFormMachine>[])
      actor.send(e);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      {
        mode: 'create',
        body: {
          type: 'ADMIN',
          role_id: 2,
          client_id: [1, 2],
          name: 'Siti',
          email: 'siti@demo.local',
          password: PASSWORD,
        },
      },
    ]);
    expect(done.output).toEqual({ saved: true, message: 'User Siti has been successfully created' });
  });

  it('gives a SUPER ADMIN user no clients, and needs none', () => {
    const { actor } = start(inputs[0]);
    for (const e of [
      { type: 'CHANGE', change: { type: 'ADMIN' } },
      { type: 'CHANGE', change: { clientIds: [1] } },
      { type: 'CHANGE', change: { type: 'SUPER ADMIN' } },
      { type: 'CHANGE', change: { clientIds: [2] } },
      { type: 'CHANGE', change: { roleId: 3 } },
      { type: 'CHANGE', change: { name: 'Root' } },
      { type: 'CHANGE', change: { email: 'root@demo.local' } },
      { type: 'CHANGE', change: { password: PASSWORD } },
      { type: 'CHANGE', change: { passwordConfirmation: PASSWORD } },
      { type: 'SUBMIT' },
    ] satisfies EventFrom<typeof userFormMachine>[])
      actor.send(e);
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
  });

  it('on edit keeps email and type, leaves an empty password out, asks for both once one is typed', async () => {
    const { actor, sent } = start(inputs[2], async () => 'User Budi Santoso has been successfully updated');
    actor.send({ type: 'CHANGE', change: { email: 'other@demo.local' } });
    actor.send({ type: 'CHANGE', change: { type: 'CLIENT' } });
    actor.send({ type: 'CHANGE', change: { name: 'Budi Santoso' } });
    actor.send({ type: 'CHANGE', change: { isActive: false } });
    actor.send({ type: 'CHANGE', change: { passwordConfirmation: PASSWORD } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual(['Password is required']);
    actor.send({ type: 'CHANGE', change: { passwordConfirmation: '' } });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      { mode: 'edit', body: { id: 7, role_id: 1, client_id: [1, 2], name: 'Budi Santoso', is_active: false } },
    ]);
  });

  it('sends a new password on edit', () => {
    const { actor } = start(inputs[2]);
    actor.send({ type: 'CHANGE', change: { password: PASSWORD } });
    actor.send({ type: 'CHANGE', change: { passwordConfirmation: PASSWORD } });
    expect(payloadOf(actor.getSnapshot().context)).toMatchObject({ body: { id: 7, password: PASSWORD } });
  });

  it("shows the server's refusal with its field messages, or the fallback when there was no answer", async () => {
    let refusal: unknown = new ApiError(422, 'Validation failed', [{ field: 'role_id', message: 'Role not found' }]);
    const { actor } = start(inputs[2], async () => {
      throw refusal;
    });
    actor.send({ type: 'SUBMIT' });
    let s = await waitFor(actor, (x) => x.context.failure != null);
    expect(s.context.failure).toEqual({ message: 'Validation failed', details: ['Role not found'] });
    actor.send({ type: 'DISMISS_FAILURE' });
    refusal = new ApiError(0, 'Error');
    actor.send({ type: 'SUBMIT' });
    s = await waitFor(actor, (x) => x.context.failure != null);
    expect(s.context.failure).toEqual({ message: SAVE_FAILED, details: [] });
  });
});

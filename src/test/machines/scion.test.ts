import { describe, expect, it } from 'vitest';
import { loadScion, scionStep, scionWalk } from './scion';
import { validateScxmlText } from './xmllint';

const scxml = (body: string, data = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="w" name="w">
  ${data ? `<datamodel>${data}</datamodel>` : ''}
  ${body}
</scxml>`;

// Shaped like an exported lifecycle: one root state, guards over `_event.data` and the datamodel, assigns.
const withdrawal = scxml(
  `<state id="w" initial="w.PENDING">
    <state id="w.PENDING">
      <transition event="COMPLETE" target="w.COMPLETED" cond="_event.data.role === 'SUPER ADMIN' &amp;&amp; !addedToWithdrawable">
        <assign location="addedToWithdrawable" expr="true"/>
      </transition>
      <transition event="NOTE" target="w.PENDING" cond="_event.data.role === 'ADMIN' || _event.data.role === 'SUPER ADMIN'"/>
      <transition event="COUNT"><assign location="notes" expr="notes + 1"/></transition>
      <transition event="ROUTE" target="w.REJECTED" cond="_event.data.route.channel === channel"/>
      <transition event="SPOIL"><assign location="notes" expr="_event.data.missing.count"/></transition>
    </state>
    <final id="w.COMPLETED"/>
    <final id="w.REJECTED"/>
  </state>`,
  `<data id="channel" expr="'BANK'"/><data id="addedToWithdrawable" expr="false"/><data id="notes" expr="0"/>`,
);

// An eventless transition that becomes enabled by the start data: taken during the step, but not by the event.
const eventless = scxml(
  `<state id="w" initial="w.a">
    <state id="w.a"><transition cond="go" target="w.b"/><transition event="PING" target="w.a"/></state>
    <state id="w.b"/>
  </state>`,
  `<data id="go" expr="false"/>`,
);

// An exported page chart invokes XState actors (type="xstate"), which SCION cannot run.
const invoking = scxml(
  `<state id="w" initial="w.idle">
    <state id="w.idle"><transition event="LOAD" target="w.loading"/></state>
    <state id="w.loading">
      <invoke id="load" type="xstate" src="loadRows"/>
      <transition event="xstate.done.actor.load" target="w.ready"/>
    </state>
    <state id="w.ready"/>
  </state>`,
);

const pending = (data: Record<string, unknown> = {}) => ({
  state: 'w.PENDING',
  data: { channel: 'BANK', addedToWithdrawable: false, notes: 0, ...data },
});

describe('scionStep', () => {
  it('compiles a document once and reads its data ids, atomic states and initial values', async () => {
    expect(loadScion(withdrawal)).toBe(loadScion(withdrawal));
    const model = await loadScion(withdrawal);
    expect(model.dataIds).toEqual(['channel', 'addedToWithdrawable', 'notes']);
    expect([...model.atomicStates].sort()).toEqual(['w.COMPLETED', 'w.PENDING', 'w.REJECTED']);
    expect(model.initial).toEqual({
      states: ['w.PENDING'],
      data: { channel: 'BANK', addedToWithdrawable: false, notes: 0 },
      errors: [],
    });
  });

  it('takes a guarded transition into a <final>, running its <assign>', async () => {
    const verdict = await scionStep(withdrawal, pending(), { name: 'COMPLETE', data: { role: 'SUPER ADMIN' } });
    expect(verdict).toEqual({
      outcome: 'taken',
      taken: true,
      fired: [{ source: 'w.PENDING', targets: ['w.COMPLETED'], event: 'COMPLETE', kind: 'move' }],
      states: ['w.COMPLETED'],
      data: { channel: 'BANK', addedToWithdrawable: true, notes: 0 },
      final: true,
      errors: [],
    });
  });

  it('refuses when the cond is false, whether from _event.data or from a <data> read by its id', async () => {
    const byAdmin = await scionStep(withdrawal, pending(), { name: 'COMPLETE', data: { role: 'ADMIN' } });
    const twice = await scionStep(withdrawal, pending({ addedToWithdrawable: true }), {
      name: 'COMPLETE',
      data: { role: 'SUPER ADMIN' },
    });
    for (const verdict of [byAdmin, twice]) {
      expect(verdict).toMatchObject({ outcome: 'refused', taken: false, fired: [], states: ['w.PENDING'] });
      expect(verdict.final).toBe(false);
    }
    expect(twice.data.addedToWithdrawable).toBe(true);
  });

  it('tells a taken self-loop from a refusal, though both leave the state as it was', async () => {
    const allowed = await scionStep(withdrawal, pending(), { name: 'NOTE', data: { role: 'ADMIN' } });
    const refused = await scionStep(withdrawal, pending(), { name: 'NOTE', data: { role: 'CLIENT' } });
    expect(allowed).toMatchObject({ outcome: 'taken', taken: true, states: ['w.PENDING'] });
    expect(allowed.fired).toEqual([{ source: 'w.PENDING', targets: ['w.PENDING'], event: 'NOTE', kind: 'self' }]);
    expect(refused).toMatchObject({ outcome: 'refused', taken: false, states: ['w.PENDING'], fired: [] });
  });

  it('counts a targetless transition as taken and returns the data its <assign> changed', async () => {
    const verdict = await scionStep(withdrawal, pending({ notes: 4 }), { name: 'COUNT' });
    expect(verdict).toMatchObject({ outcome: 'taken', taken: true, states: ['w.PENDING'], errors: [] });
    expect(verdict.fired).toEqual([{ source: 'w.PENDING', targets: null, event: 'COUNT', kind: 'targetless' }]);
    expect(verdict.data.notes).toBe(5);
  });

  it('reports a cond that throws as error.execution, not as a refusal', async () => {
    const verdict = await scionStep(withdrawal, pending(), { name: 'ROUTE', data: {} });
    expect(verdict).toMatchObject({ outcome: 'error', taken: false, states: ['w.PENDING'] });
    expect(verdict.errors).toHaveLength(1);
    expect(verdict.errors[0]).toMatchObject({ name: 'error.execution', tagname: undefined });
    expect(verdict.errors[0].reason).toMatch(/channel/);
  });

  it('reports an <assign> that throws as an error, though its transition was taken', async () => {
    const verdict = await scionStep(withdrawal, pending({ notes: 2 }), { name: 'SPOIL', data: {} });
    expect(verdict).toMatchObject({ outcome: 'error', taken: true, data: { notes: 2 } });
    expect(verdict.errors).toMatchObject([{ name: 'error.execution', tagname: 'assign' }]);
  });

  it('refuses an event no transition names, and any event in a <final>', async () => {
    const unknown = await scionStep(withdrawal, pending(), { name: 'REOPEN', data: { role: 'SUPER ADMIN' } });
    expect(unknown).toMatchObject({ outcome: 'refused', taken: false, fired: [], errors: [], states: ['w.PENDING'] });
    const done = await scionStep(withdrawal, { state: 'w.COMPLETED', data: {} }, { name: 'COMPLETE' });
    expect(done).toMatchObject({ outcome: 'refused', states: ['w.COMPLETED'], final: true });
  });

  it('starts every case afresh: no data leaks between steps and the caller`s objects stay untouched', async () => {
    const start = pending();
    const first = await scionStep(withdrawal, start, { name: 'COMPLETE', data: { role: 'SUPER ADMIN' } });
    await scionStep(withdrawal, pending({ notes: 9, channel: 'CARD' }), { name: 'COUNT' });
    const again = await scionStep(withdrawal, start, { name: 'COMPLETE', data: { role: 'SUPER ADMIN' } });
    expect(again).toEqual(first);
    expect(start.data).toEqual({ channel: 'BANK', addedToWithdrawable: false, notes: 0 });
  });

  it('gives a <data> left out of the start its declared value', async () => {
    const verdict = await scionStep(
      withdrawal,
      { state: 'w.PENDING', data: {} },
      { name: 'COMPLETE', data: { role: 'SUPER ADMIN' } },
    );
    expect(verdict).toMatchObject({ taken: true, data: { channel: 'BANK', addedToWithdrawable: true, notes: 0 } });
  });

  it('enters and leaves a state that invokes an XState actor (the actor`s outcome is an event sent)', async () => {
    // Ending the step inside the invoking state is the case where SCION's own invoke would fail.
    const load = await scionStep(invoking, { state: 'w.idle', data: {} }, { name: 'LOAD' });
    expect(load).toMatchObject({ outcome: 'taken', states: ['w.loading'], errors: [] });
    const done = await scionStep(invoking, { state: 'w.loading', data: {} }, { name: 'xstate.done.actor.load' });
    expect(done).toMatchObject({ outcome: 'taken', states: ['w.ready'] });
  });

  it('does not count an eventless transition the start data enables as the event`s', async () => {
    const verdict = await scionStep(eventless, { state: 'w.a', data: { go: true } }, { name: 'OTHER' });
    expect(verdict).toMatchObject({ outcome: 'refused', taken: false, states: ['w.b'] });
    expect(verdict.fired).toEqual([{ source: 'w.a', targets: ['w.b'], event: null, kind: 'move' }]);
    const ping = await scionStep(eventless, { state: 'w.a', data: { go: false } }, { name: 'PING' });
    expect(ping).toMatchObject({ outcome: 'taken', states: ['w.a'] });
  });

  it('rejects a start in a compound or unknown state, and data no <data> declares', async () => {
    await expect(scionStep(withdrawal, { state: 'w', data: {} }, { name: 'NOTE' })).rejects.toThrow(
      /"w" is not an atomic state/,
    );
    await expect(scionStep(withdrawal, { state: 'w.GONE', data: {} }, { name: 'NOTE' })).rejects.toThrow(
      /not an atomic state/,
    );
    await expect(scionStep(withdrawal, pending({ channnel: 'BANK' }), { name: 'NOTE' })).rejects.toThrow(
      /no <data> declares channnel/,
    );
  });

  it('rejects a document SCION cannot compile instead of refusing silently', async () => {
    // SCION parses expressions as ES2015 (esprima 2.7): optional chaining is a compile error.
    const modern = withdrawal.replace('_event.data.role ===', '_event.data?.role ===');
    await expect(loadScion(modern)).rejects.toThrow(/could not compile.*Unexpected token/);
    await expect(loadScion('<scxml><state></scxml>')).rejects.toThrow(/could not parse/);
  });

  it('says why SCION fails on a <datamodel> without <data> (valid SCXML all the same)', async () => {
    const empty = invoking.replace('<state id="w" ', '<datamodel/><state id="w" ');
    expect(validateScxmlText(empty).ok).toBe(true);
    await expect(loadScion(empty)).rejects.toThrow(/needs a <data> in every <datamodel>/);
  });
});

describe('scionWalk', () => {
  it('sends events one after another from the initial state, data carried along', async () => {
    const verdicts = await scionWalk(withdrawal, [
      { name: 'NOTE', data: { role: 'ADMIN' } },
      { name: 'COUNT' },
      { name: 'COMPLETE', data: { role: 'ADMIN' } },
      { name: 'COMPLETE', data: { role: 'SUPER ADMIN' } },
      { name: 'COUNT' },
    ]);
    expect(verdicts.map((v) => v.outcome)).toEqual(['taken', 'taken', 'refused', 'taken', 'refused']);
    expect(verdicts[3]).toMatchObject({
      states: ['w.COMPLETED'],
      data: { notes: 1, addedToWithdrawable: true },
      final: true,
    });
  });

  it('starts from a given state and data', async () => {
    const verdicts = await scionWalk(withdrawal, [{ name: 'COUNT' }, { name: 'COUNT' }], pending({ notes: 7 }));
    expect(verdicts.map((v) => v.data.notes)).toEqual([8, 9]);
  });
});

describe('the documents above', () => {
  it('are valid W3C SCXML 1.0, and a broken one is not', () => {
    for (const document of [withdrawal, eventless, invoking])
      expect(validateScxmlText(document)).toMatchObject({ ok: true });
    const broken = validateScxmlText(withdrawal.replace('<final id="w.REJECTED"/>', '<finale id="w.REJECTED"/>'));
    expect(broken.ok).toBe(false);
    expect(broken.output).toMatch(/finale.*not expected/);
  });
});

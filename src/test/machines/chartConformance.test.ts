import { describe, expect, it } from 'vitest';
import { CHARTS_DIR } from '../../machines/charts';
import { machineRegistry } from '../../machines/registry';
import { LIFECYCLE_CASES, chartDocument, conformanceRows, rowText } from './chartConformance';
import { scionWalk, scionStep } from './scion';
import { validateScxml } from './xmllint';

/**
 * Issue 42: the exported lifecycle charts, run by SCION alone, give the server's verdict on every
 * case, and every exported chart is valid W3C SCXML 1.0.
 */
describe('the lifecycle charts in SCION give the lifecycle functions their verdict', () => {
  it('covers the four lifecycles of the registry', () => {
    expect(LIFECYCLE_CASES.map((c) => c.id).sort()).toEqual(
      machineRegistry
        .filter((m) => m.lifecycle)
        .map((m) => m.id)
        .sort(),
    );
  });

  it.each(LIFECYCLE_CASES.map((c) => [c.id, c] as const))('%s: every case agrees', async (_id, cases) => {
    const rows = await conformanceRows(cases);
    const differ = rows.filter((r) => !r.agrees).map(rowText);
    expect(differ).toEqual([]);
    // Some steps are taken and some refused in every lifecycle: a chart that refuses (or allows) all fails.
    expect(rows.some((r) => r.scion !== null)).toBe(true);
    expect(rows.some((r) => r.scion === null)).toBe(true);
  });

  it('notices a chart that differs: a planted wrong target is a difference', async () => {
    const cases = LIFECYCLE_CASES.find((c) => c.id === 'withdrawal')!;
    const planted = chartDocument('withdrawal').replace(
      'event="REJECT" target="withdrawal.REJECTED"',
      'event="REJECT" target="withdrawal.COMPLETED"',
    );
    expect(planted).not.toBe(chartDocument('withdrawal'));
    const differ = (await conformanceRows(cases, planted)).filter((r) => !r.agrees);
    expect(differ.map((r) => `${r.event.type} ${r.event.role}`)).toEqual(['REJECT SUPER ADMIN']);
  });
});

describe("the issue's cases, on the exported document alone", () => {
  const role = (r: string, more: Record<string, unknown> = {}) => ({ role: r, ...more });

  it('refuses a second ADD_TO_WITHDRAWABLE inside the chart alone', async () => {
    const [first, second] = await scionWalk(
      chartDocument('payin'),
      [
        { name: 'ADD_TO_WITHDRAWABLE', data: role('SUPER ADMIN') },
        { name: 'ADD_TO_WITHDRAWABLE', data: role('SUPER ADMIN') },
      ],
      { state: 'payin.FINALIZED', data: { channel: 'va_bca', addedToWithdrawable: false } },
    );
    expect(first.outcome).toBe('taken');
    expect(first.data.addedToWithdrawable).toBe(true);
    expect(second.outcome).toBe('refused');
    expect(second.errors).toEqual([]);
  });

  it("refuses APPROVE and DECLINE without the action's module; lets an ADMIN maker CANCEL", async () => {
    const doc = chartDocument('approval');
    const start = { state: 'approval.PENDING_APPROVAL', data: {} };
    for (const name of ['APPROVE', 'DECLINE'])
      expect(
        (await scionStep(doc, start, { name, data: role('SUPER ADMIN', { isMaker: false, holdsModule: false }) }))
          .outcome,
      ).toBe('refused');
    const cancel = await scionStep(doc, start, {
      name: 'CANCEL',
      data: role('ADMIN', { isMaker: true, holdsModule: false }),
    });
    expect(cancel.outcome).toBe('taken');
    expect(cancel.states).toEqual(['approval.CANCELLED']);
    expect(cancel.final).toBe(true);
  });

  it('refuses an EXPIRE by anyone but SYSTEM', async () => {
    const doc = chartDocument('approval');
    for (const who of ['SUPER ADMIN', 'ADMIN', 'CLIENT', 'AUDITOR'])
      expect(
        (
          await scionStep(
            doc,
            { state: 'approval.PENDING_APPROVAL', data: {} },
            { name: 'EXPIRE', data: role(who, { isMaker: false, holdsModule: true }) },
          )
        ).outcome,
        who,
      ).toBe('refused');
  });

  it('finishes the run at VA_EXPIRED', async () => {
    const expired = await scionStep(
      chartDocument('payin'),
      { state: 'payin.PENDING', data: { channel: 'va_bri', addedToWithdrawable: false } },
      { name: 'PROVIDER_EXPIRED', data: role('SYSTEM') },
    );
    expect(expired.states).toEqual(['payin.VA_EXPIRED']);
    expect(expired.final).toBe(true);
  });
});

describe('the exported charts against the W3C SCXML 1.0 schema', () => {
  it('validates every chart of docs/workflows with xmllint', () => {
    const result = validateScxml(machineRegistry.map((m) => `${CHARTS_DIR}/${m.id}.scxml`));
    expect(result.output).not.toMatch(/fails to validate|error/i);
    expect(result.ok).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_IDS, MAX_VIEWS_PER_LIST, type SavedView } from '../../src/services/savedViewRules.ts';
import { call, signInVerified, startTestServer, withoutRequestId, type TestServer } from './harness.ts';

/** Issue 29: saved views and column choices, each person's own, over real HTTP. */
const API = '/api/backoffice';
const VIEWS = `${API}/saved-views`;
const COLUMNS = `${API}/list-columns`;
const WHO = {
  superadmin: 'superadmin@demo.local',
  admin: 'admin@demo.local',
  client: 'client@demo.local',
  auditor: 'auditor@demo.local',
} as const;
type Who = keyof typeof WHO;

let server: TestServer;
const token: Partial<Record<Who, string>> = {};

const views = (who: Who, list: string) =>
  call<{ data: SavedView[] }>(server, 'GET', `${VIEWS}?list=${list}`, { token: token[who] });
const save = (who: Who, body: unknown) =>
  call<{ status: string; data: SavedView; message: string }>(server, 'POST', VIEWS, { token: token[who], body });
const remove = (who: Who, id: number | string) => call(server, 'DELETE', `${VIEWS}/${id}`, { token: token[who] });
const columnsOf = (who: Who, list: string) => call(server, 'GET', `${COLUMNS}?list=${list}`, { token: token[who] });
const saveColumns = (who: Who, body: unknown) => call(server, 'PUT', COLUMNS, { token: token[who], body });

beforeAll(async () => {
  server = await startTestServer();
  for (const who of Object.keys(WHO) as Who[]) token[who] = (await signInVerified(server, WHO[who])).token;
});
afterAll(async () => {
  await server?.close();
});

describe('saved views', () => {
  it('saves, lists and deletes a view of a list', async () => {
    const created = await save('admin', {
      list: 'transactions',
      name: '  Pending today ',
      query: 'status=PENDING&range=today',
      columns: ['RRN', 'Amount', 'Status'],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("View 'Pending today' has been saved");
    const view = created.body.data;
    expect(view).toMatchObject({
      list: 'transactions',
      name: 'Pending today',
      query: 'status=PENDING&range=today',
      columns: ['RRN', 'Amount', 'Status'],
      is_default: false,
    });
    expect(new Date(view.created_at).toISOString()).toBe(view.created_at);

    const listed = await views('admin', 'transactions');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([view]);
    // A view belongs to its list only.
    expect((await views('admin', 'disbursements')).body.data).toEqual([]);

    const deleted = await remove('admin', view.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('View has been deleted');
    expect((await views('admin', 'transactions')).body.data).toEqual([]);
    const again = await remove('admin', view.id);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Saved view not found');
  });

  it('keeps columns null when the view does not set them, and lists views by name', async () => {
    for (const name of ['Zulu', 'Alpha', 'Mike'])
      expect((await save('admin', { list: 'audit-log', name, query: 'outcome=failure' })).status).toBe(201);
    const listed = (await views('admin', 'audit-log')).body.data;
    expect(listed.map((v) => v.name)).toEqual(['Alpha', 'Mike', 'Zulu']);
    expect(listed.every((v) => v.columns === null && v.is_default === false)).toBe(true);
  });

  it('replaces a view saved again under the same name in the same list, keeping its id', async () => {
    const first = await save('admin', { list: 'disbursements', name: 'Mine', query: 'status=PENDING' });
    expect(first.status).toBe(201);
    const second = await save('admin', {
      list: 'disbursements',
      name: 'Mine',
      query: 'status=FAILED',
      columns: ['Amount'],
      is_default: true,
    });
    expect(second.status).toBe(200);
    expect(second.body.message).toBe("View 'Mine' has been updated");
    expect(second.body.data).toMatchObject({ id: first.body.data.id, query: 'status=FAILED', columns: ['Amount'] });
    expect((await views('admin', 'disbursements')).body.data).toEqual([second.body.data]);
    // The same name in another list is another view.
    expect((await save('admin', { list: 'withdrawals', name: 'Mine', query: '' })).status).toBe(201);
  });

  it('keeps one default per list: a new default clears the old one, and only in its own list', async () => {
    const a = (await save('superadmin', { list: 'transactions', name: 'A', query: '', is_default: true })).body.data;
    const other = (await save('superadmin', { list: 'audit-log', name: 'Other', query: '', is_default: true })).body
      .data;
    const b = (await save('superadmin', { list: 'transactions', name: 'B', query: 'status=SETTLED', is_default: true }))
      .body.data;
    expect(a.is_default && b.is_default && other.is_default).toBe(true);
    const defaults = async (list: string) =>
      (await views('superadmin', list)).body.data.filter((v) => v.is_default).map((v) => v.name);
    expect(await defaults('transactions')).toEqual(['B']);
    expect(await defaults('audit-log')).toEqual(['Other']);
    // A view saved without is_default leaves the default where it is.
    await save('superadmin', { list: 'transactions', name: 'C', query: '' });
    expect(await defaults('transactions')).toEqual(['B']);
    // Saving the default again as not default leaves the list with none.
    await save('superadmin', { list: 'transactions', name: 'B', query: 'status=SETTLED', is_default: false });
    expect(await defaults('transactions')).toEqual([]);
  });

  it("treats another user's view as not there: 404 on delete, absent from their list", async () => {
    const mine = (await save('client', { list: 'transactions', name: 'Client view', query: 'status=FINALIZED' })).body
      .data;
    const theirs = await remove('admin', mine.id);
    const unknown = await remove('admin', 999_999);
    expect(theirs.status).toBe(404);
    // The same answer as an id that does not exist: ids do not leak.
    expect(withoutRequestId(theirs.body)).toEqual(withoutRequestId(unknown.body));
    expect((await views('admin', 'transactions')).body.data.map((v) => v.id)).not.toContain(mine.id);
    // Still the client's.
    expect((await views('client', 'transactions')).body.data.map((v) => v.id)).toContain(mine.id);
  });

  it('lets an AUDITOR keep views of their own', async () => {
    const saved = await save('auditor', { list: 'audit-log', name: 'Denied', query: 'outcome=denied' });
    expect(saved.status).toBe(201);
    expect((await remove('auditor', saved.body.data.id)).status).toBe(200);
  });

  it('refuses a view past the most a list keeps, and still replaces one by name there', async () => {
    for (let i = 0; i < MAX_VIEWS_PER_LIST; i++)
      expect((await save('auditor', { list: 'withdrawals', name: `View ${i}`, query: '' })).status).toBe(201);
    const over = await save('auditor', { list: 'withdrawals', name: 'One more', query: '' });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(`You can keep at most ${MAX_VIEWS_PER_LIST} views of a list. Delete one first.`);
    expect((await save('auditor', { list: 'withdrawals', name: 'View 3', query: 'status=PENDING' })).status).toBe(200);
    // Another list has room of its own.
    expect((await save('auditor', { list: 'transactions', name: 'One more', query: '' })).status).toBe(201);
  });
});

describe('saved views refuse bad input with the rule’s message', () => {
  const good = { list: 'transactions', name: 'Good', query: 'status=PENDING' };
  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown list', { ...good, list: 'payouts' }, `list must be one of ${LIST_IDS.join(', ')}`],
    [
      'a bad filter value',
      { ...good, query: 'status=NOPE' },
      'status must be one of FINALIZED, PENDING, REQUEST_TIMEOUT, SETTLED, VA_EXPIRED',
    ],
    ['an unknown filter', { ...good, query: 'status=PENDING&colour=red' }, "transactions has no filter 'colour'"],
    ['an unknown range', { ...good, query: 'range=next-week' }, 'range must be one of'],
    ['a column the list has not', { ...good, columns: ['RRN', 'Secret'] }, "transactions has no column 'Secret'"],
    ['a repeated column', { ...good, columns: ['RRN', 'RRN'] }, 'columns must not repeat'],
    [
      'a pinned column',
      { ...good, list: 'disbursements', query: '', columns: ['ID'] },
      "disbursements has no column 'ID'",
    ],
    [
      'columns for withdrawals',
      { ...good, list: 'withdrawals', query: '', columns: ['Amount'] },
      "withdrawals has no column 'Amount'",
    ],
    ['a name too long', { ...good, name: 'n'.repeat(61) }, 'name must be at most 60 characters'],
    ['a blank name', { ...good, name: '   ' }, 'name is required'],
    ['no name', { list: 'transactions', query: '' }, 'name is required'],
    ['no query', { list: 'transactions', name: 'x' }, 'query is required'],
    ['a query too long', { ...good, query: `status=PENDING&${'x'.repeat(2000)}` }, 'query is longer than 2000'],
    ['an unknown field', { ...good, owner: 1 }, "Unknown field 'owner'"],
  ];
  for (const [what, body, message] of refusals) {
    it(`refuses ${what}`, async () => {
      const res = await save('admin', body);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('failed');
      expect(res.body.message).toContain(message);
    });
  }

  it('writes nothing when it refuses', async () => {
    expect((await views('admin', 'withdrawals')).body.data.map((v) => v.name)).not.toContain('Good');
    expect((await views('admin', 'transactions')).body.data.map((v) => v.name)).not.toContain('Good');
  });

  it('never answers hostile input with a 5xx', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { list: 5, name: 5, query: 5 },
      { ...good, is_default: 'yes' },
      { ...good, columns: 'RRN' },
      { ...good, columns: [1, 2] },
      { ...good, columns: Array.from({ length: 41 }, (_, i) => `c${i}`) },
      { ...good, columns: ['x'.repeat(100)] },
      { ...good, name: { $ne: null } },
      { ...good, query: null },
      { ...good, name: 'nul\u0000name' },
      { ...good, query: 'status=PENDING\u0000' },
      { ...good, query: '%E0%A4%A' },
      { ...good, query: '?'.repeat(1999) },
      { ...good, query: 'x'.repeat(900_000) },
    ];
    for (const body of bodies) {
      const res = await save('admin', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    const raw = [
      '{"list":',
      'not json',
      '{"list":"transactions","name":"x","query":""',
      '',
      '{"list":"transactions","name":"Proto","query":"","__proto__":{"is_default":true}}',
    ];
    for (const rawBody of raw) {
      const res = await call(server, 'POST', VIEWS, { token: token.admin, rawBody });
      expect(res.status, rawBody).toBe(400);
    }
    const tooBig = await call(server, 'POST', VIEWS, {
      token: token.admin,
      body: { ...good, query: 'x'.repeat(2_000_000) },
    });
    expect(tooBig.status).toBe(413);
    for (const path of [
      `${VIEWS}`,
      `${VIEWS}?list=`,
      `${VIEWS}?list=payouts`,
      `${VIEWS}?list=transactions&list=disbursements&x=1`,
      `${COLUMNS}`,
      `${COLUMNS}?list=%00`,
    ]) {
      const res = await call(server, 'GET', path, { token: token.admin });
      expect(res.status, path).toBe(400);
    }
    for (const id of ['abc', '-1', '1.5', '9999999999', '%00', '1e3']) {
      const res = await remove('admin', id);
      expect(res.status, id).toBe(400);
      // A NUL is refused by the request guard before the route, in its own words.
      if (id !== '%00') expect(res.body.message).toBe('The view id must be a number');
    }
    // Nothing of the above was saved.
    expect((await views('admin', 'transactions')).body.data.map((v) => v.name)).not.toContain('Good');
  });
});

describe('column choices', () => {
  it('keeps a person’s shown columns of a list, in order, until they change them', async () => {
    const before = await columnsOf('admin', 'disbursements');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ list: 'disbursements', columns: null });
    const put = await saveColumns('admin', { list: 'disbursements', columns: ['Amount', 'Status', 'Client'] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      message: 'Columns have been saved',
      data: { list: 'disbursements', columns: ['Amount', 'Status', 'Client'] },
    });
    expect((await columnsOf('admin', 'disbursements')).body.data.columns).toEqual(['Amount', 'Status', 'Client']);
    await saveColumns('admin', { list: 'disbursements', columns: ['Client'] });
    expect((await columnsOf('admin', 'disbursements')).body.data.columns).toEqual(['Client']);
    // Hiding every offered column is a choice too (the row's identity stays pinned).
    await saveColumns('admin', { list: 'disbursements', columns: [] });
    expect((await columnsOf('admin', 'disbursements')).body.data.columns).toEqual([]);
  });

  it('keeps each person’s and each list’s choice apart', async () => {
    await saveColumns('client', { list: 'transactions', columns: ['RRN'] });
    await saveColumns('superadmin', { list: 'transactions', columns: ['Fee', 'Amount'] });
    expect((await columnsOf('client', 'transactions')).body.data.columns).toEqual(['RRN']);
    expect((await columnsOf('superadmin', 'transactions')).body.data.columns).toEqual(['Fee', 'Amount']);
    expect((await columnsOf('admin', 'transactions')).body.data.columns).toBeNull();
    expect((await columnsOf('client', 'audit-log')).body.data.columns).toBeNull();
  });

  it('refuses columns a list does not offer, with the rule’s message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ list: 'withdrawals', columns: ['Amount'] }, "withdrawals has no column 'Amount'"],
      [{ list: 'audit-log', columns: ['IP', 'Secret'] }, "audit-log has no column 'Secret'"],
      [{ list: 'audit-log', columns: ['IP', 'IP'] }, 'columns must not repeat'],
      [{ list: 'payouts', columns: [] }, `list must be one of ${LIST_IDS.join(', ')}`],
      [{ list: 'audit-log', columns: 'IP' }, 'columns must be a list of names'],
      [{ list: 'audit-log' }, 'Columns is required'],
      [{ list: 'audit-log', columns: [], user_id: 1 }, "Unknown field 'user_id'"],
    ];
    for (const [body, message] of cases) {
      const res = await saveColumns('client', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    for (const rawBody of ['[', 'null', '"x"']) {
      const res = await call(server, 'PUT', COLUMNS, { token: token.client, rawBody });
      expect(res.status, rawBody).toBe(400);
    }
    expect((await columnsOf('client', 'audit-log')).body.data.columns).toBeNull();
  });
});

describe('races', () => {
  it('leaves exactly one default after ten defaults saved at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save('client', { list: 'disbursements', name: `Race ${i}`, query: 'status=PENDING', is_default: true }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const listed = (await views('client', 'disbursements')).body.data;
    expect(listed).toHaveLength(10);
    expect(listed.filter((v) => v.is_default)).toHaveLength(1);
  });

  it('never keeps more than the most a list keeps, however many are saved at once', async () => {
    for (let i = 0; i < MAX_VIEWS_PER_LIST - 3; i++)
      await save('superadmin', { list: 'withdrawals', name: `Fill ${i}`, query: '' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => save('superadmin', { list: 'withdrawals', name: `Late ${i}`, query: '' })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    expect((await views('superadmin', 'withdrawals')).body.data).toHaveLength(MAX_VIEWS_PER_LIST);
  });
});

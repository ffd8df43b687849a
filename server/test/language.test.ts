import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { auditLog, exportJobs, notifications, users } from '../db/schema.ts';
import { runEmailExport } from '../domain/exportJobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  freshAuthenticatorCode,
  signInVerified,
  startTestServer,
  withdrawalRequestBody,
  type TestServer,
} from './harness.ts';

/**
 * Issue 48, the server speaking both languages: every answer's message (and each errors[].message) is in the
 * caller's language: the one they saved (PUT /user/language), else their Accept-Language, else English, which an
 * API client that says nothing reads exactly as before. Content-Language names it.
 */

const API = '/api/backoffice';
const INDONESIAN = 'id-ID,id;q=0.9';

let server: TestServer;
let superAdmin: string;
let superAdminSecret: string;
let auditor: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ token: superAdmin, secret: superAdminSecret } = await signInVerified(server, 'superadmin@demo.local'));
  auditor = (await signInVerified(server, 'auditor@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

async function ask(method: string, path: string, options: { token?: string; body?: unknown; language?: string }) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers['accept-language'] = options.language;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, language: response.headers.get('content-language'), body: await response.json() };
}

/** A refusal of the domain's: one's own session that does not exist. */
const endMissingSession = (token: string, language?: string) =>
  ask('DELETE', `${API}/user/sessions/999999`, { token, language });
const saveLanguage = (token: string, language: unknown, acceptLanguage?: string) =>
  ask('PUT', `${API}/user/language`, { token, body: { language }, language: acceptLanguage });

describe('the language of the answers', () => {
  it('is English for a caller that names none and saved none, as before', async () => {
    const refused = await endMissingSession(superAdmin);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ status: 'failed', message: 'Session not found' });
    expect(refused.body.responseMessage).toBe('Session not found');
    expect(refused.language).toBe('en');
    expect((await ask('GET', `${API}/user/me`, { token: superAdmin })).body.data.language).toBeNull();
  });

  it("is the caller's Accept-Language when they saved none", async () => {
    const refused = await endMissingSession(superAdmin, INDONESIAN);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ message: 'Sesi tidak ditemukan', responseMessage: 'Sesi tidak ditemukan' });
    expect(refused.language).toBe('id');
    // Before anyone is known: the not-signed-in refusal and an unknown address.
    const anonymous = await ask('GET', `${API}/user/me`, { language: INDONESIAN });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.');
    const unknown = await ask('GET', `${API}/no-such-thing`, { language: INDONESIAN });
    expect(unknown).toMatchObject({ status: 404, language: 'id', body: { message: 'Tidak ditemukan' } });
    // A language we do not speak leaves English.
    expect((await endMissingSession(superAdmin, 'fr-FR,fr;q=0.9')).body.message).toBe('Session not found');
  });

  it('is the saved language over Accept-Language, until English is saved', async () => {
    const saved = await saveLanguage(superAdmin, 'id', 'en');
    expect(saved.status).toBe(200);
    // The answer is in the language just saved.
    expect(saved.body).toMatchObject({ status: 'success', message: 'Bahasa disimpan', data: { language: 'id' } });
    expect(saved.language).toBe('id');
    const me = await ask('GET', `${API}/user/me`, { token: superAdmin, language: 'en' });
    expect(me.body.data.language).toBe('id');
    expect(me.language).toBe('id');
    expect((await endMissingSession(superAdmin, 'en')).body.message).toBe('Sesi tidak ditemukan');
    expect((await endMissingSession(superAdmin)).body.message).toBe('Sesi tidak ditemukan');

    const english = await saveLanguage(superAdmin, 'en', INDONESIAN);
    expect(english.body).toMatchObject({ message: 'Language saved', data: { language: 'en' } });
    expect((await endMissingSession(superAdmin)).body.message).toBe('Session not found');
    expect((await endMissingSession(superAdmin, INDONESIAN)).body.message).toBe('Session not found');
    expect((await ask('GET', `${API}/user/me`, { token: superAdmin })).body.data.language).toBe('en');

    const line = (
      await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.language_saved'), eq(auditLog.actorEmail, 'superadmin@demo.local')))
        .orderBy(desc(auditLog.id))
    ).map((row) => row.detail);
    expect(line).toEqual([
      { from: 'id', to: 'en' },
      { from: null, to: 'id' },
    ]);
  });

  it('refuses a language we do not speak, listing the problem in the caller’s language', async () => {
    // (The AUDITOR has saved no language: the Accept-Language decides.)
    const refused = await saveLanguage(auditor, 'fr');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status: 'failed',
      message: 'Language must be en or id',
      errors: [{ field: 'language', message: 'Language must be en or id' }],
    });
    const inIndonesian = await saveLanguage(auditor, 'fr', INDONESIAN);
    expect(inIndonesian.status).toBe(400);
    expect(inIndonesian.body).toMatchObject({
      message: 'Bahasa harus en atau id',
      errors: [{ field: 'language', message: 'Bahasa harus en atau id' }],
    });
    const unknownField = await ask('PUT', `${API}/user/language`, {
      token: auditor,
      body: { language: 'id', theme: 'dark' },
      language: INDONESIAN,
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors).toEqual([{ field: 'theme', message: "Kolom 'theme' tidak dikenal" }]);
    // Nothing was saved.
    expect((await ask('GET', `${API}/user/me`, { token: auditor })).body.data.language).toBeNull();
  });

  it("is an AUDITOR's to save too: it changes only their own reading", async () => {
    const saved = await saveLanguage(auditor, 'id');
    expect(saved).toMatchObject({ status: 200, body: { data: { language: 'id' } } });
    expect((await ask('GET', `${API}/user/me`, { token: auditor })).body.data.language).toBe('id');
    expect((await ask('GET', `${API}/user/me`, { token: superAdmin })).body.data.language).toBe('en');
  });

  it('needs a signed-in caller', async () => {
    const refused = await ask('PUT', `${API}/user/language`, { body: { language: 'id' } });
    expect(refused.status).toBe(401);
  });

  it("writes the menu and the bell's work orders in the reader's language", async () => {
    type Module = { id: string; title: string; children: Array<{ id: string; title: string }> };
    const menu = async (token: string, language?: string) =>
      (await ask('GET', `${API}/master/modules`, { token, language })).body.data as Module[];
    const titleOf = (modules: Module[], id: string) =>
      modules.flatMap((m) => [m, ...m.children]).find((m) => m.id === id)?.title;
    // The AUDITOR saved Indonesian; the SUPER ADMIN saved English, whatever their browser asks.
    expect(titleOf(await menu(auditor), 'overview')).toBe('Ringkasan');
    expect(titleOf(await menu(auditor), 'settings-user')).toBe('Pengaturan Pengguna');
    expect(titleOf(await menu(superAdmin, INDONESIAN), 'overview')).toBe('Overview');

    await saveLanguage(superAdmin, 'id');
    const otp = await freshAuthenticatorCode(server, 'superadmin', superAdminSecret);
    const requested = await ask('POST', `${API}/balance/add-withdrawal`, {
      token: superAdmin,
      body: withdrawalRequestBody(otp, { type: 'withdrawal', client_filter: 1, amount: 20_000 }),
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    // Kept in English, as written; read in each reader's language, amounts as Indonesian writes them.
    const [stored] = await server.database.db.select().from(notifications).orderBy(desc(notifications.id)).limit(1);
    expect(stored.subject).toBe('Withdrawal of Rp. 20,000 to BCA');
    const bell = await ask('GET', '/api/v1/notification', { token: superAdmin });
    const item = bell.body.data.items.find(
      (i: { data: { work_order_code: string } }) => i.data.work_order_code === stored.workOrderCode,
    );
    expect(item.subject).toBe('Penarikan sebesar Rp 20.000 ke BCA');
    expect(item.message).toMatch(/^Penarikan sebesar Rp 20\.000 ke BCA dari .+ menunggu keputusan Anda$/);
    await saveLanguage(superAdmin, 'en');
    const english = await ask('GET', '/api/v1/notification', { token: superAdmin, language: INDONESIAN });
    expect(
      english.body.data.items.find(
        (i: { data: { work_order_code: string } }) => i.data.work_order_code === stored.workOrderCode,
      ).subject,
    ).toBe('Withdrawal of Rp. 20,000 to BCA');
  });

  it("e-mails an export in the requester's saved language", async () => {
    const { db } = server.database;
    const sent: Array<{ subject?: unknown; text?: unknown }> = [];
    const mailer: Mailer = {
      send: async (message) => {
        sent.push(message);
        return { messageId: `m${sent.length}` };
      },
      close: () => {},
    };
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const exportBy = async (email: string) => {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      const [job] = await db
        .insert(exportJobs)
        .values({
          requestedBy: user.id,
          email: 'finance@example.com',
          filter: { start: '2026-01-01 00:00', end: '2026-01-01 23:59' },
        })
        .returning();
      await runEmailExport(
        { db, config, mailer },
        { id: 'j', data: { exportJobId: job.id }, finalAttempt: true, retryCount: 0 },
      );
      return sent.at(-1)!;
    };
    // The AUDITOR saved Indonesian; the client saved nothing.
    expect(await exportBy('auditor@demo.local')).toMatchObject({
      subject: 'Ekspor transaksi',
      text: `Terlampir 0 transaksi dari 2026-01-01 00:00 sampai 2026-01-01 23:59 (${config.businessTimeZone}).`,
    });
    expect(await exportBy('client@demo.local')).toMatchObject({
      subject: 'Transaction export',
      text: `Attached are the 0 transactions from 2026-01-01 00:00 to 2026-01-01 23:59 (${config.businessTimeZone}).`,
    });
  });
});

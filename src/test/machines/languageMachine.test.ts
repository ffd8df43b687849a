import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { currentLanguage } from '../../i18n/language';
import type { Catalogs } from '../../i18n/catalogs';
import { makeTranslate } from '../../i18n/translate';
import { languageMachine } from '../../machines/languageMachine';
import { formatRupiah } from '../../services/money';
import { MemoryStorage } from '../fixtures';

const INDONESIAN: Catalogs = {
  messages: { a: [{ type: 0, value: 'Coba lagi' }] } as Catalogs['messages'],
  translate: makeTranslate({ a: 'Try again' }, { a: 'Coba lagi' }),
};

const start = (load: () => Promise<Catalogs>) =>
  createActor(languageMachine.provide({ actors: { loadCatalogs: fromPromise(load) } }), { input: {} }).start();

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

describe('language machine (issue 48)', () => {
  it('speaks English with no catalog when nothing is chosen', () => {
    const actor = start(async () => INDONESIAN);
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(currentLanguage()).toBe('en');
    expect(formatRupiah(1_250_000)).toBe('Rp. 1,250,000');
  });

  it('switches to Indonesian once its catalog loads, remembers it, and writes figures as Indonesians do', async () => {
    const actor = start(async () => INDONESIAN);
    actor.send({ type: 'CHOOSE_LANGUAGE', language: 'id' });
    expect(actor.getSnapshot().context.language).toBe('en');
    await waitFor(actor, (s) => s.matches('showing'));
    expect(actor.getSnapshot().context.language).toBe('id');
    expect(actor.getSnapshot().context.catalogs.translate('Try again')).toBe('Coba lagi');
    expect(localStorage.getItem('language')).toBe('id');
    expect(formatRupiah(1_250_000)).toBe('Rp 1.250.000');
    expect(formatRupiah(-5_000)).toBe('-Rp 5.000');

    // The next visit opens in it.
    const next = start(async () => INDONESIAN);
    await waitFor(next, (s) => s.matches('showing'));
    expect(next.getSnapshot().context.language).toBe('id');
    next.send({ type: 'CHOOSE_LANGUAGE', language: 'en' });
    expect(next.getSnapshot().context.language).toBe('en');
    expect(formatRupiah(1_250_000)).toBe('Rp. 1,250,000');
  });

  it('keeps the language shown when the catalog cannot load, and ignores a sign-in with no saved choice', async () => {
    const actor = start(() => Promise.reject(new Error('offline')));
    actor.send({ type: 'SAVED_LANGUAGE', language: null });
    expect(actor.getSnapshot().value).toBe('showing');
    actor.send({ type: 'SAVED_LANGUAGE', language: 'id' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('showing'));
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(actor.getSnapshot().context.pending).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Language } from '../../i18n/language';
import { LANGUAGE_SAVED, languageSettingMachine } from '../../machines/languageSettingMachine';
import { ApiError } from '../../services/http';

/** User Settings' Language card (issue 48): save the person's language, then tell the session; a refusal in place. */
function start(save: (language: Language) => Promise<unknown>) {
  const told: Language[] = [];
  const saved: Language[] = [];
  const logic = languageSettingMachine.provide({
    actors: {
      saveLanguage: fromPromise<unknown, { language: Language }>(({ input }) => {
        saved.push(input.language);
        return save(input.language);
      }),
    },
  });
  const actor = createActor(logic, { input: { onSaved: (language: Language) => told.push(language) } }).start();
  return { actor, told, saved };
}

describe('language setting machine', () => {
  it('saves the chosen language, then tells the session and says it is saved', async () => {
    const { actor, told, saved } = start(async (language) => ({ language }));
    actor.send({ type: 'CHOOSE', language: 'id' });
    expect(actor.getSnapshot().value).toBe('saving');
    // Disabled while saving: a second choice waits for the first.
    expect(actor.getSnapshot().can({ type: 'CHOOSE', language: 'en' })).toBe(false);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved).toEqual(['id']);
    expect(told).toEqual(['id']);
    expect(actor.getSnapshot().context).toMatchObject({ notice: LANGUAGE_SAVED, error: null, chosen: 'id' });
    expect(LANGUAGE_SAVED).toBe('Language saved.');
  });

  it("keeps the server's refusal, tells the session nothing, and clears it at the next choice", async () => {
    let refuse = true;
    const { actor, told } = start(async (language) => {
      if (refuse) throw new ApiError(400, 'Language must be en or id');
      return { language };
    });
    actor.send({ type: 'CHOOSE', language: 'id' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Language must be en or id', notice: null });
    expect(told).toEqual([]);

    refuse = false;
    actor.send({ type: 'CHOOSE', language: 'en' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(told).toEqual(['en']);
  });

  it('says the language could not be saved when no answer came', async () => {
    const { actor } = start(() => Promise.reject(new ApiError(0, 'offline')));
    actor.send({ type: 'CHOOSE', language: 'id' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.error).toBe('The language could not be saved.');
  });

  it('refuses a language the app does not speak', () => {
    const { actor, saved } = start(async () => null);
    actor.send({ type: 'CHOOSE', language: 'fr' as Language });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(saved).toEqual([]);
  });
});

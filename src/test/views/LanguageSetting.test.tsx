import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { setFormatsLanguage, type Language } from '../../i18n/language';
import { loadCatalogs, type Catalogs } from '../../i18n/catalogs';
import { languageMachine } from '../../machines/languageMachine';
import { languageSettingMachine } from '../../machines/languageSettingMachine';
import { ApiError } from '../../services/http';
import { IntlRoot } from '../../views/IntlRoot';
import { LanguageCard } from '../../views/settings/LanguageCard';
import { renderWithSession } from './renderWithSession';
import { OPTIONS, signedInUser } from './signInHarness';

/**
 * User Settings' Language card (issue 48), rendered with provided actors: choosing Bahasa Indonesia saves 'id' for
 * the person (PUT /user/language) and then tells the session, whose language machine shows it, so the card itself
 * speaks Indonesian (the real catalogs); a refusal is said in place and the language shown stays. Any user type may save their own
 * language: the AUDITOR is the one who reads only.
 */

function renderCard(save: (language: Language) => Promise<unknown>) {
  const saved: Language[] = [];
  const loaded: Language[] = [];
  const logic = languageSettingMachine.provide({
    actors: {
      saveLanguage: fromPromise<unknown, { language: Language }>(async ({ input }) => {
        saved.push(input.language);
        return save(input.language);
      }),
    },
  });
  const language = languageMachine.provide({
    actors: {
      loadCatalogs: fromPromise<Catalogs, { language: Language }>(async ({ input }) => {
        loaded.push(input.language);
        return loadCatalogs(input.language);
      }),
    },
  });
  renderWithSession(
    <IntlRoot>
      <LanguageCard logic={logic} />
    </IntlRoot>,
    signedInUser({ type: 'AUDITOR' }),
    OPTIONS,
    { language },
  );
  return { saved, loaded };
}

const languageBox = () => screen.getByRole('combobox', { name: /^(Language|Bahasa)$/ });

// A native select (the login screen's budget): a person picks an option by its name.
async function choose(name: string) {
  const box = await waitFor(languageBox);
  const option = within(box).getByRole('option', { name, hidden: true }) as HTMLOptionElement;
  fireEvent.change(box, { target: { value: option.value } });
}

beforeEach(() => localStorage.clear());
afterEach(() => setFormatsLanguage('en'));

describe("User Settings' Language card", () => {
  it('shows the language shown, English at first', async () => {
    renderCard(async () => ({ language: 'id' }));
    expect(await screen.findByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(languageBox()).toHaveTextContent('English');
    expect(languageBox()).toBeEnabled();
  });

  it('choosing Bahasa Indonesia saves id (an AUDITOR too), disabled while saving, then the session speaks it', async () => {
    let answer!: (value: unknown) => void;
    const calls = renderCard(() => new Promise((resolve) => (answer = resolve)));
    await choose('Bahasa Indonesia');

    expect(calls.saved).toEqual(['id']);
    // Saving: the switch waits, still showing the language shown; the session is not told yet.
    await waitFor(() => expect(languageBox()).toBeDisabled());
    expect(languageBox()).toHaveTextContent('English');
    expect(calls.loaded).toEqual([]);

    await act(async () => answer({ language: 'id' }));
    // The session was told: its language machine loaded the catalog and shows Indonesian, the card with it.
    expect(await screen.findByRole('heading', { name: 'Bahasa' })).toBeInTheDocument();
    expect(calls.loaded).toEqual(['id']);
    expect(languageBox()).toHaveTextContent('Bahasa Indonesia');
    expect(languageBox()).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Bahasa tersimpan.');
    expect(document.documentElement.lang).toBe('id');
  });

  it('a refusal is said in place; the language shown stays and the session is not told', async () => {
    const calls = renderCard(() => Promise.reject(new ApiError(400, 'Language must be en or id')));
    await choose('Bahasa Indonesia');

    expect(await screen.findByRole('alert')).toHaveTextContent('Language must be en or id');
    expect(calls.saved).toEqual(['id']);
    expect(calls.loaded).toEqual([]);
    expect(languageBox()).toHaveTextContent('English');
    expect(languageBox()).toBeEnabled();
    expect(screen.queryByText('Language saved.')).toBeNull();
  });

  it('a call that never reached the server says the card could not save', async () => {
    renderCard(() => Promise.reject(new ApiError(0, 'offline')));
    await choose('Bahasa Indonesia');
    expect(await screen.findByRole('alert')).toHaveTextContent('The language could not be saved.');
  });
});

import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromCallback, fromPromise } from 'xstate';
import { callbackEndpointMachine } from '../../machines/callbackEndpointMachine';
import { callbacksPageMachine } from '../../machines/callbacksPageMachine';
import type {
  CallbackDeliveryRow,
  CallbackEndpoint,
  RotatedSecret,
  TestCallbackResult,
} from '../../services/callbackRules';
import { ApiError } from '../../services/http';
import type { UserTypeName } from '../../services/schemas';
import { CallbacksPage } from '../../views/callbacks/CallbacksPage';
import { CLIENTS, chooseClient, click, region, renderPage, savedViewsWith } from './pageModelHarness';
import { dialogLabelled } from './dialogLabelled';

/**
 * A client's callback endpoint (issue 47), opened from the Callbacks page filtered by that client: a SUPER
 * ADMIN edits its URL (the rule's words and the server's refusal at the field), rotates its secret (asked
 * first, the new one shown once) and sends a test callback (its outcome in place); an AUDITOR only reads it.
 */

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const REFUSED = 'Callback URL must not point to a private address (10.0.0.0/8)';

function server() {
  let endpoint: CallbackEndpoint = {
    client_id: 1,
    client_name: 'PT Maju',
    callback_url: 'https://maju.example/callback',
    secret_rotated_at: null,
    previous_secret_until: null,
  };
  const saved: string[] = [];
  const endpointLogic = callbackEndpointMachine.provide({
    actors: {
      loadEndpoint: fromPromise<CallbackEndpoint, { clientId: number }>(async () => endpoint),
      saveUrl: fromPromise<CallbackEndpoint, { clientId: number; url: string }>(async ({ input }) => {
        if (input.url.includes('10.0.0.1'))
          throw new ApiError(422, 'Validation failed', [{ field: 'callback_url', message: REFUSED }]);
        saved.push(input.url);
        endpoint = { ...endpoint, callback_url: input.url };
        return endpoint;
      }),
      rotateSecret: fromPromise<RotatedSecret, { clientId: number }>(async () => {
        endpoint = {
          ...endpoint,
          secret_rotated_at: '2026-11-21T03:00:00Z',
          previous_secret_until: '2026-11-22T03:00:00Z',
        };
        return { secret: SECRET, previous_secret_until: '2026-11-22T03:00:00Z' };
      }),
      sendTest: fromPromise<TestCallbackResult, { clientId: number }>(async () => ({
        delivered: false,
        url: endpoint.callback_url!,
        status_code: 500,
        error: null,
        duration_ms: 42,
        response_excerpt: '{"error":"merchant down"}',
      })),
    },
  });
  const logic = callbacksPageMachine.provide({
    actors: {
      loadCallbacks: fromPromise(async () => ({
        rows: [] as CallbackDeliveryRow[],
        meta: { current_page: 1, last_page: 1, total: 0, per_page: 15 },
      })),
      callbackWatch: fromCallback(() => () => {}),
      savedViews: savedViewsWith(),
      endpoint: endpointLogic,
    },
  });
  return { logic, saved };
}

async function openEndpoint(type: UserTypeName) {
  const { logic, saved } = server();
  renderPage(<CallbacksPage logic={logic} />, CLIENTS, {}, { type });
  await screen.findByRole('region', { name: 'Callbacks', hidden: true });
  // Offered only once the list is filtered by one client.
  expect(within(region('Callbacks')).queryByRole('button', { name: 'Callback endpoint', hidden: true })).toBeNull();
  await chooseClient('Callbacks', 1);
  await click(within(region('Callbacks')).getByRole('button', { name: 'Search', hidden: true }));
  await click(await within(region('Callbacks')).findByRole('button', { name: 'Callback endpoint', hidden: true }));
  const dialog = await dialogLabelled('Callback endpoint');
  await within(dialog).findByText('https://maju.example/callback');
  return { dialog, saved };
}

const typeUrl = async (dialog: HTMLElement, value: string) => {
  await act(async () => {
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Callback URL/, hidden: true }), {
      target: { value },
    });
  });
};

describe('Callback endpoint dialog', () => {
  it("shows the rule's and the server's refusal at the URL field, then saves a good URL", async () => {
    const { dialog, saved } = await openEndpoint('SUPER ADMIN');
    await click(within(dialog).getByRole('button', { name: 'Edit URL', hidden: true }));
    await typeUrl(dialog, 'maju.example/callback');
    await click(within(dialog).getByRole('button', { name: 'Save URL', hidden: true }));
    expect(
      within(dialog).getByText('Callback URL must be a full URL such as https://merchant.example/callback'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);

    await typeUrl(dialog, 'https://10.0.0.1/callback');
    await click(within(dialog).getByRole('button', { name: 'Save URL', hidden: true }));
    expect(await within(dialog).findByText(REFUSED)).toBeInTheDocument();
    expect(saved).toEqual([]);

    await typeUrl(dialog, 'https://maju.example/v2/callback');
    await click(within(dialog).getByRole('button', { name: 'Save URL', hidden: true }));
    expect(await within(dialog).findByText('https://maju.example/v2/callback')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Callback URL/, hidden: true })).toBeNull();
    expect(saved).toEqual(['https://maju.example/v2/callback']);
  });

  it('asks before rotating, shows the new secret once, and never again after "I have saved it"', async () => {
    const { dialog } = await openEndpoint('SUPER ADMIN');
    await click(within(dialog).getByRole('button', { name: 'Rotate secret', hidden: true }));
    expect(within(dialog).getByText(/Rotate the secret\?/)).toBeInTheDocument();
    await click(within(dialog).getByRole('button', { name: 'No', hidden: true }));
    expect(within(dialog).queryByText(/Rotate the secret\?/)).toBeNull();

    await click(within(dialog).getByRole('button', { name: 'Rotate secret', hidden: true }));
    await click(within(dialog).getByRole('button', { name: 'Yes, rotate', hidden: true }));
    const shown = await dialogLabelled('New callback secret');
    expect(within(shown).getByTestId('new-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copy', hidden: true })).toBeInTheDocument();
    await click(within(shown).getByRole('button', { name: 'I have saved it', hidden: true }));

    const again = await dialogLabelled('Callback endpoint');
    await within(again).findByText('2026-11-22 10:00');
    expect(document.body.textContent).not.toContain(SECRET);
    expect(within(again).getByText('2026-11-21 10:00')).toBeInTheDocument();
  });

  it("sends a test callback and shows the receiver's answer in place", async () => {
    const { dialog } = await openEndpoint('SUPER ADMIN');
    await click(within(dialog).getByRole('button', { name: 'Send test callback', hidden: true }));
    const outcome = await within(dialog).findByRole('region', { name: 'Test callback outcome', hidden: true });
    expect(outcome).toHaveTextContent('Test callback failed: HTTP 500 in 42 ms');
    expect(outcome).toHaveTextContent('{"error":"merchant down"}');
  });

  it('shows an AUDITOR the endpoint with no way to change it', async () => {
    const { dialog } = await openEndpoint('AUDITOR');
    await waitFor(() => expect(within(dialog).getByText('Never')).toBeInTheDocument());
    for (const name of ['Edit URL', 'Rotate secret', 'Send test callback'])
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close', hidden: true })).toBeInTheDocument();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { overviewChangesFrom, overviewMachine } from '../../machines/overviewMachine';
import { ApiError } from '../../services/http';
import type { Overview } from '../../services/overviewRules';
import type { CurrentUser } from '../../services/schemas';
import { OverviewPage } from '../../views/overview/OverviewPage';
import { makeUser } from '../fixtures';
import { CLIENT_OVERVIEW, FakeOverviewSocket, OVERVIEW } from './overviewFixtures';
import { renderWithSession } from './renderWithSession';

/**
 * Issue 29, the Overview as a person sees it: the figures as the product writes them, each count a
 * link to its list already filtered (only where the user has that list), what a client user is not
 * given left out, a failure with Try again, and a change on the socket read again once.
 */
// The chart library's drawings only (jsdom lays out no SVG text): see chartStandIns.tsx.
vi.mock('@fluentui/react-charts', async (original) => ({
  ...(await original<object>()),
  ...(await import('./chartStandIns')),
}));

const TITLE = 'Overview';
const SUPER_ADMIN_MODULES = ['overview', 'transactions', 'disbursement', 'disbursement-list', 'balance', 'approvals'];

let socket: FakeOverviewSocket;
/** What the server answers, in turn (an Error is a failed read), and how many reads were made. */
let answers: Array<Overview | Error | Promise<Overview>>;
let reads: number;
beforeEach(() => {
  socket = new FakeOverviewSocket();
  answers = [];
  reads = 0;
});

async function open(user: Partial<CurrentUser>) {
  const logic = overviewMachine.provide({
    actors: {
      load: fromPromise<Overview>(async () => {
        reads += 1;
        const answer = await answers.shift()!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      overviewChanges: overviewChangesFrom(socket.watch),
    },
    // Long enough that a burst sent at once lands within it, short enough for a test.
    delays: { settle: 400 },
  });
  const view = renderWithSession(<OverviewPage logic={logic} />, makeUser({ otp_verified: true, ...user }), {
    modules: [],
    banks: [],
    clients: [],
    roles: [],
  });
  // As in the app, the page mounts once the session's options are read.
  await screen.findByRole('region', { name: TITLE });
  return view;
}

const page = () => screen.getByRole('region', { name: TITLE });
const group = (name: string) => within(page()).getByRole('group', { name });
const link = (name: string) => within(page()).getByRole('link', { name });

describe('Overview', () => {
  it("shows today's and yesterday's figures as the product writes them, each count linking to its list", async () => {
    answers.push(OVERVIEW);
    await open({ type: 'SUPER ADMIN', modules: [...SUPER_ADMIN_MODULES, 'settlement'] });
    expect(await within(page()).findByText('As of 2026-11-26 10:15:30')).toBeInTheDocument();
    expect(within(page()).getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();

    const today = group('Today');
    expect(within(today).getByRole('link', { name: 'Today finalized pay-ins: 1,234' })).toHaveAttribute(
      'href',
      '/dashboard/transactions?range=today&status=FINALIZED',
    );
    expect(within(today).getByRole('link', { name: 'Today finalized pay-ins: 1,234' })).toHaveAccessibleDescription(
      '+23.4% vs yesterday',
    );
    expect(within(today).getByRole('group', { name: 'Finalized amount' })).toHaveTextContent(
      'Rp. 1,250,000+25% vs yesterday',
    );
    expect(within(today).getByRole('group', { name: 'Fee' })).toHaveTextContent('Rp. 12,500');
    expect(within(today).getByRole('group', { name: 'Success rate' })).toHaveTextContent('97.5%');

    const yesterday = group('Yesterday');
    expect(within(yesterday).getByRole('link', { name: 'Yesterday finalized pay-ins: 1,000' })).toHaveAttribute(
      'href',
      '/dashboard/transactions?range=yesterday&status=FINALIZED',
    );
    expect(within(yesterday).getByRole('group', { name: 'Finalized amount' })).toHaveTextContent(
      /^Finalized amountRp\. 1,000,000$/,
    );
    expect(within(yesterday).getByRole('group', { name: 'Success rate' })).toHaveTextContent('100%');

    expect(link('Pending disbursements: 3')).toHaveAttribute(
      'href',
      '/dashboard/disbursement/transactions?status=WAITING&start=2026-11-20+00%3A00&end=2026-11-26+23%3A59',
    );
    expect(link('Pending withdrawals: 2')).toHaveAttribute(
      'href',
      '/dashboard/balance?client_filter=&status=PENDING&start=2026-11-12+00%3A00&end=2026-11-26+23%3A59',
    );
    expect(link('Pending approvals: 4')).toHaveAttribute('href', '/dashboard/approvals');
    // No list of work orders exists: the count is there, as no link.
    expect(group('Callbacks failed')).toHaveTextContent('5');
    expect(within(page()).queryByRole('link', { name: /Callbacks failed/ })).toBeNull();

    const balances = within(page()).getByRole('table', { name: 'Balances per client' });
    expect(within(balances).getByRole('row', { name: /PT Maju/ })).toHaveTextContent(
      'PT MajuRp. 500,000Rp. 750,000Rp. 100,000',
    );
    const settlement = within(page()).getByRole('table', { name: 'Settlement of yesterday' });
    expect(within(settlement).getByRole('row', { name: /VA MANDIRI/ })).toHaveTextContent('VA MANDIRINot yet12');
    expect(within(settlement).getByRole('row', { name: /Herra QRIS/ })).toHaveTextContent('Herra QRISSettled0');
    expect(link('Open Settlement')).toHaveAttribute('href', '/dashboard/settlement');

    // The charts' figures, for a screen reader, whatever the drawing does.
    const byChannel = within(page()).getByRole('table', { name: "Today's finalized pay-ins by channel" });
    expect(within(byChannel).getByRole('row', { name: /VA BCA/ })).toHaveTextContent('VA BCA1,000Rp. 1,000,000');
    const volume = within(page()).getByRole('table', { name: 'Pay-ins of the last 14 business days by status' });
    expect(
      within(volume)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'FINALIZED', 'PENDING', 'REQUEST_TIMEOUT']);
    expect(within(volume).getByRole('row', { name: /26 Nov/ })).toHaveTextContent('26 Nov1,23407');
    // The drawings are given the same figures (the lazy chart chunk loads as the cards show).
    const drawing = (title: string) => page().querySelector(`[data-chart="${title}"]`);
    await waitFor(() => expect(drawing('Pay-ins of the last 14 business days by status')).not.toBeNull());
    expect(drawing('Pay-ins of the last 14 business days by status')).toHaveTextContent(
      '25 Nov: FINALIZED 1,000 · Rp. 1,000,000, PENDING 5 · Rp. 50,000, REQUEST_TIMEOUT 0 · Rp. 0; ' +
        '26 Nov: FINALIZED 1,234 · Rp. 1,250,000, PENDING 0 · Rp. 0, REQUEST_TIMEOUT 7 · Rp. 70,000',
    );
    await waitFor(() => expect(drawing("Today's finalized pay-ins by channel")).not.toBeNull());
    expect(drawing("Today's finalized pay-ins by channel")).toHaveTextContent(
      '1,234: VA BCA 1,000 · Rp. 1,000,000, FELLO QRIS 234 · Rp. 250,000',
    );
    expect(socket.opened).toBe(1);
  });

  it('a client user sees no approvals, callbacks or settlement, and links only to the lists they hold', async () => {
    answers.push(CLIENT_OVERVIEW);
    await open({ type: 'CLIENT', modules: ['overview', 'transactions', 'balance', 'settlement'] });
    await within(page()).findByText('As of 2026-11-26 10:15:30');
    expect(within(page()).queryByText(/Pending approvals/)).toBeNull();
    expect(within(page()).queryByText(/Callbacks failed/)).toBeNull();
    expect(within(page()).queryByRole('table', { name: 'Settlement of yesterday' })).toBeNull();
    expect(link('Pending withdrawals: 2')).toHaveAttribute(
      'href',
      '/dashboard/balance?client_filter=&status=PENDING&start=2026-11-12+00%3A00&end=2026-11-26+23%3A59',
    );
    // Without the Disbursement List, the count is shown and opens nothing.
    expect(group('Pending disbursements')).toHaveTextContent('3');
    expect(within(page()).queryByRole('link', { name: /Pending disbursements/ })).toBeNull();
  });

  it('a failed read says why with Try again; the retry shows the figures', async () => {
    answers.push(new ApiError(503, 'The overview is not available right now'), OVERVIEW);
    await open({ type: 'SUPER ADMIN', modules: SUPER_ADMIN_MODULES });
    expect(await within(page()).findByText('The overview is not available right now')).toBeInTheDocument();
    expect(within(page()).queryByRole('group', { name: 'Today' })).toBeNull();
    fireEvent.click(within(page()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(link('Pending disbursements: 3')).toBeInTheDocument());
    expect(within(page()).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(reads).toBe(2);
  });

  it('a burst of changes on the socket is read again once, and leaving the page closes the socket', async () => {
    answers.push(OVERVIEW, { ...OVERVIEW, pending: { ...OVERVIEW.pending, disbursements: 4 } });
    const view = await open({ type: 'SUPER ADMIN', modules: SUPER_ADMIN_MODULES });
    await waitFor(() => expect(link('Pending disbursements: 3')).toBeInTheDocument());
    await socket.change();
    await socket.change();
    await socket.change();
    await waitFor(() => expect(link('Pending disbursements: 4')).toBeInTheDocument());
    expect(reads).toBe(2);
    expect(socket.watching).toBe(1);
    view.unmount();
    expect(socket.watching).toBe(0);
  });

  it('a change while the figures are being read is read again once they show', async () => {
    let answerFirst!: (overview: Overview) => void;
    answers.push(new Promise<Overview>((resolve) => (answerFirst = resolve)), {
      ...OVERVIEW,
      pending: { ...OVERVIEW.pending, disbursements: 4 },
    });
    await open({ type: 'SUPER ADMIN', modules: SUPER_ADMIN_MODULES });
    expect(within(page()).getByText('Loading the overview…')).toBeInTheDocument();
    await socket.change();
    answerFirst(OVERVIEW);
    // The first figures show at once (they may predate the change), then the read after the pause.
    await waitFor(() => expect(link('Pending disbursements: 3')).toBeInTheDocument());
    await waitFor(() => expect(link('Pending disbursements: 4')).toBeInTheDocument());
    expect(reads).toBe(2);
  });
});

import { lazy, type ReactElement } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_LOAD_FAILED, PAGE_LOADING, PageSuspense } from '../../views/common/PageSuspense';

/** A page whose chunk arrives (or fails) when the test says so. */
function pageChunk() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const loaded = new Promise<{ default: () => ReactElement }>((resolve, reject) => {
    arrive = () => resolve({ default: () => <h1>Payments Balance</h1> });
    fail = reject;
  });
  return { Page: lazy(() => loaded), arrive, fail };
}

const show = (Page: ReturnType<typeof pageChunk>['Page']) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <PageSuspense>
        <Page />
      </PageSuspense>
    </FluentProvider>,
  );

describe('a lazily loaded page', () => {
  it('shows a labelled progressbar while its code downloads, then the page', async () => {
    const chunk = pageChunk();
    show(chunk.Page);
    expect(screen.getByRole('progressbar', { name: PAGE_LOADING })).toBeInTheDocument();
    chunk.arrive();
    expect(await screen.findByRole('heading', { name: 'Payments Balance' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says so and offers a reload when its code cannot be downloaded (a chunk a newer deploy replaced)', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const chunk = pageChunk();
    show(chunk.Page);
    chunk.fail(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByText(PAGE_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    quiet.mockRestore();
  });
});

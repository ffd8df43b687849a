import { Component, Suspense, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';

export const PAGE_LOADING = 'Loading the page…';
export const PAGE_LOAD_FAILED = 'This page could not be loaded. Reload to get the latest version of the back office.';

/**
 * Where a lazily loaded page (its own chunk, issue 16) shows: a labelled Spinner while its code
 * downloads (the label is what a screen reader announces for the progressbar), and a way out when the
 * download fails (offline, or a chunk a newer deploy replaced). Give it a `key` per page, so a failure
 * on one page does not stay on the next.
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <LoadFailure>
      <Suspense fallback={<Spinner label={PAGE_LOADING} style={{ marginTop: '20vh' }} />}>{children}</Suspense>
    </LoadFailure>
  );
}

class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MessageBar intent="error" style={{ margin: 24 }}>
        <MessageBarBody>{PAGE_LOAD_FAILED}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
}

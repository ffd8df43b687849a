import type { CSSProperties } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';

/** What failed to load, in the server's words, with 'Try again' beside it. */
export function RetryBar({
  message,
  onRetry,
  style,
}: {
  message: string | null;
  onRetry: () => void;
  style?: CSSProperties;
}) {
  return (
    <MessageBar intent="error" style={style}>
      <MessageBarBody>{message}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry}>Try again</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

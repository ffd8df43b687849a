import type { CSSProperties } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useSaid, useT } from '../../i18n/useT';

/** What failed to load, in the server's words (said in the person's language), with 'Try again' beside it. */
export function RetryBar({
  message,
  onRetry,
  style,
}: {
  message: string | null;
  onRetry: () => void;
  style?: CSSProperties;
}) {
  const t = useT();
  const said = useSaid();
  return (
    <MessageBar intent="error" style={style}>
      <MessageBarBody>{message && said(message)}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry}>{t({ defaultMessage: 'Try again', id: 'FazwRl' })}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

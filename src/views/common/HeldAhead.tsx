import type { CSSProperties } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useSaid } from '../../i18n/useT';
import { APPROVAL_AHEAD } from '../../services/approvalRules';

/**
 * The one place a question says, before Confirm, that the movement it asks about waits for a second SUPER ADMIN
 * (issue 45). Its machine decides when (the policy it read, or the dry run's `needs_approval`); this only renders.
 */
export function HeldAhead({ held, style }: { held: boolean | undefined; style?: CSSProperties }) {
  const said = useSaid();
  if (!held) return null;
  return (
    <MessageBar intent="warning" layout="multiline" style={style}>
      <MessageBarBody>{said(APPROVAL_AHEAD)}</MessageBarBody>
    </MessageBar>
  );
}

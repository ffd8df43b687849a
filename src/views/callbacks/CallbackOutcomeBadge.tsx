import { Badge } from '@fluentui/react-components';
import { CALLBACK_OUTCOME_COLOURS, CALLBACK_OUTCOME_LABELS, type CallbackOutcome } from '../../services/callbackRules';
import { useSaid } from '../../i18n/useT';

const badgeColour = { green: 'success', orange: 'warning', red: 'danger' } as const;

/** A delivery's outcome in its colour (callbackRules.ts): Delivered, Failing, Gave up. */
export function CallbackOutcomeBadge({ outcome, size }: { outcome: CallbackOutcome; size?: 'small' | 'medium' }) {
  const said = useSaid();
  return (
    <Badge appearance="filled" shape="rounded" size={size} color={badgeColour[CALLBACK_OUTCOME_COLOURS[outcome]]}>
      {said(CALLBACK_OUTCOME_LABELS[outcome])}
    </Badge>
  );
}

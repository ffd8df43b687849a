import { Text } from '@fluentui/react-components';

/** When the figures on screen were read; the page machine stamps each load. */
export function LastUpdated({ at }: { at: string | null }) {
  return (
    <Text size={200} role="status" aria-live="polite" aria-atomic>
      Last updated at {at ?? '-'}
    </Text>
  );
}

import { Text } from '@fluentui/react-components';
import { useT } from '../../i18n/useT';

/** When the figures on screen were read; the page machine stamps each load. */
export function LastUpdated({ at }: { at: string | null }) {
  const t = useT();
  return (
    <Text size={200} role="status" aria-live="polite" aria-atomic>
      {t({ defaultMessage: 'Last updated at {at}', id: 'IAmsSs' }, { at: at ?? '-' })}
    </Text>
  );
}

import { Button } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useT } from '../../i18n/useT';

/** A filter bar's Search: applies what the bar says, enabled as the page machine takes SEARCH. */
export function SearchButton({
  onClick,
  disabled = false,
  appearance = 'primary',
  className,
}: {
  onClick: () => void;
  disabled?: boolean;
  appearance?: 'primary' | 'secondary';
  className?: string;
}) {
  const t = useT();
  return (
    <Button
      className={className}
      appearance={appearance}
      icon={<SearchRegular />}
      disabled={disabled}
      onClick={onClick}
    >
      {t({ defaultMessage: 'Search', id: 'xmcVZ0' })}
    </Button>
  );
}

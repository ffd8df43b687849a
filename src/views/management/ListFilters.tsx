import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { userTypeChoice } from '../../services/managementRules';
import { USER_TYPES, type UserTypeName } from '../../services/schemas';
import { ChoiceField } from '../common/ChoiceField';
import { useSaid, useT } from '../../i18n/useT';

/** The layout User Management and Role Management share: filter bar, then the table card. */
export const useListPageStyles = makeStyles({
  filters: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
  },
  grow: { flexGrow: 1 },
  table: { padding: tokens.spacingHorizontalL },
});

/** Search text that applies on Enter (spec section 2). */
export function SearchField({
  label,
  hint,
  value,
  onChange,
  onSearch,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
}) {
  const styles = useListPageStyles();
  return (
    <Field label={label} hint={hint} className={styles.grow} style={{ minWidth: 220 }}>
      <Input
        value={value}
        contentBefore={<SearchRegular />}
        onChange={(_, d) => onChange(d.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch();
        }}
      />
    </Field>
  );
}

/** The user type filter, shown to SUPER ADMIN only by its callers. */
export function UserTypeFilter({
  value,
  onChange,
}: {
  value: UserTypeName | '';
  onChange: (value: UserTypeName | '') => void;
}) {
  const t = useT();
  const said = useSaid();
  return (
    <ChoiceField
      label={t({ defaultMessage: 'Filter by User Type', id: 'cR1jAM' })}
      minWidth={180}
      options={USER_TYPES}
      labelOf={(type) => said(userTypeChoice(type))}
      noneText={t({ defaultMessage: 'All Types', id: 'UjTL+F' })}
      value={value}
      onChange={onChange}
    />
  );
}

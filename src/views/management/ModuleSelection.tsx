import { Checkbox, Switch, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import { allChildrenSelected } from '../../services/managementRules';
import type { ModuleItem } from '../../services/schemas';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  fieldset: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
    padding: tokens.spacingHorizontalM,
  },
  legend: { padding: `0 ${tokens.spacingHorizontalXS}`, fontWeight: tokens.fontWeightSemibold },
  modules: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  module: {
    display: 'flex',
    flexDirection: 'column',
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  children: { display: 'flex', flexDirection: 'column', paddingLeft: tokens.spacingHorizontalS },
});

/**
 * Modules Selection: each module is a group named by its title, with a 'Select all' switch and a
 * checkbox per child. Required children follow their module and cannot be unticked by hand.
 */
export function ModuleSelection({
  tree,
  selected,
  disabled,
  onToggle,
}: {
  tree: ModuleItem[];
  selected: readonly string[];
  disabled?: boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const idPrefix = useId('module-');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t({ defaultMessage: 'Modules Selection', id: 'wSI1YZ' })}</legend>
      <div className={styles.modules}>
        {tree.map((parent) => {
          const titleId = `${idPrefix}${parent.id}`;
          const chosen = parent.children.filter((c) => selected.includes(c.id)).length;
          return (
            <div key={parent.id} role="group" aria-labelledby={titleId} className={styles.module}>
              <div className={styles.head}>
                <Text id={titleId} weight="semibold">
                  {said(parent.title)}
                </Text>
                <Switch
                  label={t({ defaultMessage: 'Select all', id: '94Fg25' })}
                  checked={allChildrenSelected(parent, selected)}
                  disabled={disabled}
                  onChange={(_, d) => onToggle(parent.id, d.checked)}
                />
              </div>
              {parent.children.length > 0 && (
                <div className={styles.children}>
                  <Text size={200}>
                    {t(
                      { defaultMessage: '{chosen} of {total} selected', id: 'rmLP5n' },
                      { chosen, total: parent.children.length },
                    )}
                  </Text>
                  {parent.children.map((c) => (
                    <Checkbox
                      key={c.id}
                      label={
                        c.is_required
                          ? t({ defaultMessage: '{module} (required)', id: 'jNH3wM' }, { module: said(c.title) })
                          : said(c.title)
                      }
                      checked={selected.includes(c.id)}
                      disabled={disabled || c.is_required}
                      onChange={(_, d) => onToggle(c.id, d.checked === true)}
                    />
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

import { makeStyles, tokens } from '@fluentui/react-components';
import type { OverviewLinks } from '../../services/overviewLinks';
import type { Overview } from '../../services/overviewRules';
import { countText } from '../../i18n/countText';
import { OverviewTile } from './OverviewTile';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
});

/**
 * What waits for a decision: each count links to its list filtered to exactly those rows. Approvals
 * and failed callbacks show only to whoever the server gives them to (not null); failed callbacks
 * have no list page (their work orders are in the header's bell), so that tile is no link.
 */
export function PendingTiles({ overview, links }: { overview: Overview; links: OverviewLinks }) {
  const styles = useStyles();
  const t = useT();
  const { pending } = overview;
  return (
    <div className={styles.grid}>
      <OverviewTile
        label={t({ defaultMessage: 'Pending withdrawals', id: 'vlboYx' })}
        value={countText(pending.withdrawals)}
        href={links.withdrawals}
      />
      <OverviewTile
        label={t({ defaultMessage: 'Pending disbursements', id: 'mLZp+e' })}
        value={countText(pending.disbursements)}
        href={links.disbursements}
      />
      {pending.approvals !== null && (
        <OverviewTile
          label={t({ defaultMessage: 'Pending approvals', id: 'HbTFJf' })}
          value={countText(pending.approvals)}
          href={links.approvals}
        />
      )}
      {overview.callbacks_failed !== null && (
        <OverviewTile
          label={t({ defaultMessage: 'Callbacks failed', id: '7MywSs' })}
          value={countText(overview.callbacks_failed)}
          note={t({ defaultMessage: 'Their work orders are in the bell', id: 'y/QLt4' })}
        />
      )}
    </div>
  );
}

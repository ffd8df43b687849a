import { makeStyles, tokens } from '@fluentui/react-components';
import type { OverviewLinks } from '../../services/overviewLinks';
import type { Overview } from '../../services/overviewRules';
import { groupDigits } from '../../services/money';
import { OverviewTile } from './OverviewTile';

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
  const { pending } = overview;
  return (
    <div className={styles.grid}>
      <OverviewTile label="Pending withdrawals" value={groupDigits(pending.withdrawals)} href={links.withdrawals} />
      <OverviewTile
        label="Pending disbursements"
        value={groupDigits(pending.disbursements)}
        href={links.disbursements}
      />
      {pending.approvals !== null && (
        <OverviewTile label="Pending approvals" value={groupDigits(pending.approvals)} href={links.approvals} />
      )}
      {overview.callbacks_failed !== null && (
        <OverviewTile
          label="Callbacks failed"
          value={groupDigits(overview.callbacks_failed)}
          note="Their work orders are in the bell"
        />
      )}
    </div>
  );
}

import { Card, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { changeText, percentText } from '../../services/overviewFigures';
import type { DayFigures } from '../../services/overviewRules';
import { formatRupiah, groupDigits } from '../../services/money';
import { OverviewTile } from './OverviewTile';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
});

const vsYesterday = (today: number, yesterday: number) => {
  const change = changeText(today, yesterday);
  return change && `${change} vs yesterday`;
};

/**
 * A business day's finalized pay-ins: count (a link to those very rows where the user has the
 * Payments List), amount, fee and success rate. Today's also says how it compares with yesterday.
 */
export function DayCard({
  title,
  figures,
  href,
  compareWith,
}: {
  title: 'Today' | 'Yesterday';
  figures: DayFigures;
  href: string | null;
  compareWith?: DayFigures;
}) {
  const styles = useStyles();
  const headingId = `overview-day-${title.toLowerCase()}`;
  return (
    <Card className={styles.card} role="group" aria-labelledby={headingId}>
      <div className={styles.head}>
        <Subtitle2 as="h2" id={headingId}>
          {title}
        </Subtitle2>
        <Caption1>{figures.day}</Caption1>
      </div>
      <div className={styles.grid}>
        <OverviewTile
          label="Finalized pay-ins"
          name={`${title} finalized pay-ins`}
          value={groupDigits(figures.finalized_count)}
          note={compareWith && vsYesterday(figures.finalized_count, compareWith.finalized_count)}
          href={href}
        />
        <OverviewTile
          label="Finalized amount"
          value={formatRupiah(figures.finalized_amount)}
          note={compareWith && vsYesterday(figures.finalized_amount, compareWith.finalized_amount)}
        />
        <OverviewTile label="Fee" value={formatRupiah(figures.fee)} />
        <OverviewTile label="Success rate" value={percentText(figures.success_rate)} />
      </div>
    </Card>
  );
}

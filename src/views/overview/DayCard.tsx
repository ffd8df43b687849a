import { Card, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { changeText, percentText } from '../../services/overviewFigures';
import type { DayFigures } from '../../services/overviewRules';
import { formatRupiah } from '../../services/money';
import { countText } from '../../i18n/countText';
import { OverviewTile } from './OverviewTile';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
});

/**
 * A business day's finalized pay-ins: count (a link to those very rows where the user has the
 * Payments List), amount, fee and success rate. Today's also says how it compares with yesterday.
 */
export function DayCard({
  day,
  figures,
  href,
  compareWith,
}: {
  /** Which day: the card's heading says it ('Today', 'Yesterday') in the language shown. */
  day: 'today' | 'yesterday';
  figures: DayFigures;
  href: string | null;
  compareWith?: DayFigures;
}) {
  const styles = useStyles();
  const t = useT();
  const headingId = `overview-day-${day}`;
  const heading =
    day === 'today' ? t({ defaultMessage: 'Today', id: 'zWgbGg' }) : t({ defaultMessage: 'Yesterday', id: '6dIxDP' });
  const vsYesterday = (today: number, yesterday: number) => {
    const change = changeText(today, yesterday);
    return change && t({ defaultMessage: '{change} vs yesterday', id: 'RhIba9' }, { change });
  };
  return (
    <Card className={styles.card} role="group" aria-labelledby={headingId}>
      <div className={styles.head}>
        <Subtitle2 as="h2" id={headingId}>
          {heading}
        </Subtitle2>
        <Caption1>{figures.day}</Caption1>
      </div>
      <div className={styles.grid}>
        <OverviewTile
          label={t({ defaultMessage: 'Finalized pay-ins', id: 'Fl0NgL' })}
          name={
            day === 'today'
              ? t({ defaultMessage: 'Today finalized pay-ins', id: 'l2TPP6' })
              : t({ defaultMessage: 'Yesterday finalized pay-ins', id: 'CfjyDN' })
          }
          value={countText(figures.finalized_count)}
          note={compareWith && vsYesterday(figures.finalized_count, compareWith.finalized_count)}
          href={href}
        />
        <OverviewTile
          label={t({ defaultMessage: 'Finalized amount', id: 'aejDTO' })}
          value={formatRupiah(figures.finalized_amount)}
          note={compareWith && vsYesterday(figures.finalized_amount, compareWith.finalized_amount)}
        />
        <OverviewTile label={t({ defaultMessage: 'Fee', id: 'uT4OlP' })} value={formatRupiah(figures.fee)} />
        <OverviewTile
          label={t({ defaultMessage: 'Success rate', id: 'HGHo5k' })}
          value={percentText(figures.success_rate)}
        />
      </div>
    </Card>
  );
}

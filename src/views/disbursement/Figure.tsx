import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  card: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    borderTop: `3px solid ${tokens.colorBrandStroke1}`,
  },
  figure: {
    fontSize: tokens.fontSizeBase600,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
});

/** One labelled balance figure; the group's name is its label, so it reads as 'Previous Balance, Rp. 1,250,000'. */
export function Figure({ label, value }: { label: string; value: string }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="group" aria-label={label}>
      <Text size={300}>{label}</Text>
      <span className={styles.figure}>{value}</span>
    </Card>
  );
}

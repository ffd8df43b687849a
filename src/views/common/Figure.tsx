import type { ReactNode } from 'react';
import { Card, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
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

/** One labelled figure; the group's name is its label, so it reads as 'Previous Balance, Rp. 1,250,000'. */
export function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  const styles = useStyles();
  return (
    <Card className={mergeClasses(styles.card, className)} role="group" aria-label={label}>
      <Text size={300}>{label}</Text>
      <span className={styles.figure}>{value}</span>
    </Card>
  );
}

/** A row of figures (the list tiles, the balance cards) that wraps as the page narrows. */
export function FigureGrid({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <div className={styles.grid}>{children}</div>;
}

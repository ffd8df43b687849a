import type { ReactNode } from 'react';
import { Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL } });

/**
 * A dashboard page: one section named by its one h1 (the page title the menu and the document
 * title also say), its parts below it in a column.
 */
export function PageSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {title}
      </Title2>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { FOOTER_YEAR, PRODUCT_NAME } from './brand';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { useT } from '../i18n/useT';

const useStyles = makeStyles({
  shell: {
    minHeight: '100vh',
    display: 'grid',
    gridTemplateColumns: '260px 1fr',
    gridTemplateRows: 'auto 1fr auto',
    gridTemplateAreas: '"header header" "nav main" "nav footer"',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  header: { gridArea: 'header' },
  // A column of one: the menu grows to the grid cell, which is as tall as the page.
  nav: {
    gridArea: 'nav',
    display: 'flex',
    flexDirection: 'column',
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  main: { gridArea: 'main', padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`, minWidth: 0 },
  footer: {
    gridArea: 'footer',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXXL}`,
    color: tokens.colorNeutralForeground3,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

export function DashboardLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const t = useT();
  return (
    <div className={styles.shell}>
      <div className={styles.header}>
        <Header />
      </div>
      {/* Fluent's NavDrawer is the navigation landmark itself: a <nav> around it would make two. */}
      <div className={styles.nav}>
        <Sidebar />
      </div>
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        <Text size={200}>
          {t(
            { defaultMessage: '© {year} {product}. All rights reserved.', id: 'KfaI/K' },
            { year: FOOTER_YEAR, product: PRODUCT_NAME },
          )}
        </Text>
      </footer>
    </div>
  );
}

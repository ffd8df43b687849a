import { Button, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { useT } from '../i18n/useT';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
  },
  code: { fontSize: '96px', lineHeight: '1', fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
});

export function NotFoundPage() {
  const styles = useStyles();
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <main className={styles.page}>
      <span className={styles.code} aria-hidden="true">
        {404}
      </span>
      <Title1 as="h1">
        {t({ defaultMessage: '404 Not Found - The page you are trying to access does not exist.', id: 'mjU6Kq' })}
      </Title1>
      <Text>{t({ defaultMessage: 'Check the address, or go back to where you started.', id: 'i7PHol' })}</Text>
      <Button appearance="primary" onClick={() => navigate('~/dashboard')}>
        {t({ defaultMessage: 'Back to dashboard', id: 'Na5xdK' })}
      </Button>
    </main>
  );
}

import { Button, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';

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
  const [, navigate] = useLocation();
  return (
    <main className={styles.page}>
      <span className={styles.code} aria-hidden="true">
        404
      </span>
      <Title1 as="h1">404 Not Found - The page you are trying to access does not exist.</Title1>
      <Text>Check the address, or go back to where you started.</Text>
      <Button appearance="primary" onClick={() => navigate('~/dashboard')}>
        Back to dashboard
      </Button>
    </main>
  );
}

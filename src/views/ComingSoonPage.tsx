import { Card, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { WrenchRegular } from '@fluentui/react-icons';
import { useT } from '../i18n/useT';

const useStyles = makeStyles({
  card: {
    maxWidth: '560px',
    padding: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    alignItems: 'flex-start',
  },
  icon: { fontSize: '40px', color: tokens.colorBrandForeground1 },
});

/** A module whose screen a later release builds. */
export function ComingSoonPage({ title }: { title: string }) {
  const styles = useStyles();
  const t = useT();
  return (
    <section aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {title}
      </Title2>
      <Card className={styles.card} style={{ marginTop: tokens.spacingVerticalL }}>
        <WrenchRegular className={styles.icon} aria-hidden="true" />
        <Text weight="semibold" size={400}>
          {t({
            defaultMessage: 'Fitur Belum Tersedia',
            id: 'twqqrG',
            description: "The spec's feature-unavailable alert",
          })}
        </Text>
        <Text>{t({ defaultMessage: 'This module is not available yet.', id: 'fqzjfd' })}</Text>
      </Card>
    </section>
  );
}

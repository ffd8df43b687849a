import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { PRODUCT_NAME } from './brand';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: 'inherit',
    textDecoration: 'none',
  },
  logo: { borderRadius: tokens.borderRadiusMedium, flexShrink: 0 },
});

export function BrandMark({ size = 'small' }: { size?: 'small' | 'large' }) {
  const styles = useStyles();
  const px = size === 'large' ? 40 : 28;
  return (
    <span className={styles.root}>
      <img src="/favicon.svg" width={px} height={px} alt="" className={styles.logo} />
      <Text weight="semibold" size={size === 'large' ? 600 : 400}>
        {PRODUCT_NAME}
      </Text>
    </span>
  );
}

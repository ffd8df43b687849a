import { Avatar, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { BrandMark } from './BrandMark';
import { NotificationBell } from './NotificationBell';
import { SessionContext } from './SessionContext';
import { useT } from '../i18n/useT';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  right: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  who: { display: 'flex', flexDirection: 'column', lineHeight: tokens.lineHeightBase200 },
});

export function Header() {
  const styles = useStyles();
  const t = useT();
  const [, navigate] = useLocation();
  const { user, landing, verified } = SessionContext.useSelector((s) => ({
    user: s.context.user,
    landing: s.context.landingPath,
    verified: s.matches('signedIn') || s.matches('refreshing'),
  }));
  return (
    <header className={styles.bar}>
      {/* Named by what it shows (the product's name), so speech input reaches it by the words on screen. */}
      <Link
        href={landing}
        appearance="subtle"
        onClick={(e) => {
          e.preventDefault();
          navigate(`~${landing}`);
        }}
      >
        <BrandMark />
      </Link>
      <div className={styles.right}>
        {/* Another user signed in starts a new bell: its own socket and list. */}
        {verified && <NotificationBell key={user?.email} />}
        {user && (
          <>
            <Avatar name={user.display_name} color="brand" size={32} />
            <div className={styles.who}>
              <Text weight="semibold" size={300}>
                {user.display_name}
              </Text>
              <Text size={200}>
                {user.role[0]?.name ??
                  t({
                    defaultMessage: 'Tidak Ada Role',
                    id: 'X3bPrd',
                    description: "The spec's words for a user without a role",
                  })}
              </Text>
            </div>
          </>
        )}
      </div>
    </header>
  );
}

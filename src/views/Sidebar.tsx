import {
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavItem,
  NavSubItem,
  NavSubItemGroup,
  makeStyles,
} from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { visibleModules } from '../services/navigation';
import { moduleItem } from '../services/pages';
import type { ModuleItem } from '../services/schemas';
import { moduleIcon } from './pageViews';
import { SessionContext } from './SessionContext';
import { useSaid, useT } from '../i18n/useT';

const LOGOUT = '#logout';

const useStyles = makeStyles({
  // Fluent caps a drawer at 100vh; the menu's column runs the page's whole height, so its background must too.
  drawer: { width: '100%', height: 'auto', maxHeight: 'none', flexGrow: 1, border: 'none' },
});

/** Before the OTP step only user settings exist for the user. */
const settingsOnly: ModuleItem[] = [moduleItem('settings')];

/** The menu: the server's modules the user holds; Settings shows the display name and ends with Logout. */
export function Sidebar() {
  const styles = useStyles();
  const t = useT();
  // Menu titles are English messages (the page table's, or the server's modules): said in the language shown.
  const said = useSaid();
  const [location, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const { user, modules } = SessionContext.useSelector((s) => ({
    user: s.context.user,
    modules: s.context.options?.modules,
  }));
  if (!user) return null;
  const held = user.otp_verified ? visibleModules(modules ?? [], user) : settingsOnly;
  // Logout lives under Settings, so Settings is always there even for a role without user settings.
  const items = held.some((m) => m.id === 'settings') ? held : [...held, { ...settingsOnly[0], children: [] }];
  const path = `/dashboard${location === '/' ? '' : location}`;
  // Menu entries are real links (open in a new tab works); a plain click stays in the app.
  const follow = (to: string) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(`~${to}`);
  };
  const openCategories = items
    .filter((m) => m.children.length > 0 && (m.id === 'settings' || path.startsWith(m.path)))
    .map((m) => m.id);

  return (
    <NavDrawer
      open
      type="inline"
      aria-label={t({ defaultMessage: 'Main menu', id: 'QCv9lw' })}
      className={styles.drawer}
      selectedValue={path}
      defaultOpenCategories={openCategories}
    >
      <NavDrawerBody>
        {items.map((m) =>
          m.children.length === 0 && m.id !== 'settings' ? (
            <NavItem key={m.id} value={m.path} icon={moduleIcon(m.icon)} href={m.path} onClick={follow(m.path)}>
              {said(m.title)}
            </NavItem>
          ) : (
            <NavCategory key={m.id} value={m.id}>
              <NavCategoryItem icon={m.id === 'settings' ? <SettingsRegular /> : moduleIcon(m.icon)}>
                {m.id === 'settings' ? user.display_name : said(m.title)}
              </NavCategoryItem>
              <NavSubItemGroup>
                {m.children.map((c) => (
                  <NavSubItem key={c.id} value={c.path} href={c.path} onClick={follow(c.path)}>
                    {said(c.title)}
                  </NavSubItem>
                ))}
                {m.id === 'settings' && (
                  <NavSubItem
                    value={LOGOUT}
                    href="/login"
                    onClick={(e) => {
                      e.preventDefault();
                      session.send({ type: 'LOGOUT' });
                    }}
                  >
                    {t({ defaultMessage: 'Logout', id: 'C81/uG' })}
                  </NavSubItem>
                )}
              </NavSubItemGroup>
            </NavCategory>
          ),
        )}
      </NavDrawerBody>
    </NavDrawer>
  );
}

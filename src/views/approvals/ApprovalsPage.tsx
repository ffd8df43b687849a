import { useActorRef } from '@xstate/react';
import { useSearch } from 'wouter';
import { approvalsPageMachine } from '../../machines/approvalsPageMachine';
import { SessionContext } from '../SessionContext';
import { ApprovalsScreen } from './ApprovalsScreen';

/** A request named by the address (`?id=12`, from a work order), if any. */
export const openIdOf = (search: string): number | null => {
  const id = new URLSearchParams(search).get('id');
  return id && /^\d{1,9}$/.test(id) ? Number(id) : null;
};

/**
 * /dashboard/approvals (SUPER ADMIN): the page machine started with the signed-in user (their type
 * and e-mail, which the approval lifecycle is asked with), whether its socket opens and the request the
 * address names.
 */
export function ApprovalsPage({ logic = approvalsPageMachine }: { logic?: typeof approvalsPageMachine }) {
  const user = SessionContext.useSelector((s) => s.context.user);
  const search = useSearch();
  const actor = useActorRef(logic, {
    input: {
      user: user ? { type: user.type, email: user.email, modules: user.modules } : null,
      live: user != null,
      openId: openIdOf(search),
    },
  });
  return <ApprovalsScreen actor={actor} />;
}

export default ApprovalsPage;

import {
  Badge,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
  makeStyles,
} from '@fluentui/react-components';
import { Link } from 'wouter';
import { machineRegistry } from '../../machines/registry';
import { pagePath, pageTitle } from '../../services/pages';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '24px' } });

/** Lifecycles first, then the pages' machines, each in the registry's order. */
export const workflowsInOrder = () => [
  ...machineRegistry.filter((m) => m.lifecycle),
  ...machineRegistry.filter((m) => !m.lifecycle),
];

/** Every workflow machine of the app: what it is and a link to its chart. */
export function WorkflowsPage() {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {said(pageTitle('workflows'))}
      </Title2>
      <Table aria-label={t({ defaultMessage: 'Workflows', id: '6La3aS' })} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t({ defaultMessage: 'Workflow', id: 'pv1lF7' })}</TableHeaderCell>
            <TableHeaderCell>{t({ defaultMessage: 'Kind', id: 'e5x8FT' })}</TableHeaderCell>
            <TableHeaderCell>{t({ defaultMessage: 'Purpose', id: 'm0RdHL' })}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {workflowsInOrder().map((m) => (
            <TableRow key={m.id}>
              <TableCell>
                <Link href={`~${pagePath('workflows')}/${m.id}`}>{m.id}</Link>
              </TableCell>
              <TableCell>
                {m.lifecycle ? (
                  <Badge appearance="tint" color="brand">
                    {t({ defaultMessage: 'Lifecycle', id: 'TGAGHp' })}
                  </Badge>
                ) : (
                  <Badge appearance="outline" color="informative">
                    {t({ defaultMessage: 'Page', id: 'wFmAFC' })}
                  </Badge>
                )}
              </TableCell>
              <TableCell>{said(m.purpose)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

export default WorkflowsPage;

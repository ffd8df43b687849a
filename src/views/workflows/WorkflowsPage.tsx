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

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '24px' } });

/** Lifecycles first, then the pages' machines, each in the registry's order. */
export const workflowsInOrder = () => [
  ...machineRegistry.filter((m) => m.lifecycle),
  ...machineRegistry.filter((m) => !m.lifecycle),
];

/** Every workflow machine of the app: what it is and a link to its chart. */
export function WorkflowsPage() {
  const styles = useStyles();
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {pageTitle('workflows')}
      </Title2>
      <Table aria-label="Workflows" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Workflow</TableHeaderCell>
            <TableHeaderCell>Kind</TableHeaderCell>
            <TableHeaderCell>Purpose</TableHeaderCell>
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
                    Lifecycle
                  </Badge>
                ) : (
                  <Badge appearance="outline" color="informative">
                    Page
                  </Badge>
                )}
              </TableCell>
              <TableCell>{m.purpose}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

export default WorkflowsPage;

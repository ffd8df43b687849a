import { useCallback, useMemo, type ComponentType, type ReactNode } from 'react';
import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { exportMachine } from '../../machines/exportMachine';
import type { ListFilterForm, ListPageContext, ListPageEvent, ListRow } from '../../machines/listPageMachine';
import type { ClientOption } from '../../services/schemas';
import type { TransactionStats } from '../../services/payinQuery';
import { InvoiceDialog } from './InvoiceDialog';
import { StatTiles } from './StatTiles';
import { ConfirmDialog } from './ConfirmDialog';
import { ExportDialogView } from './ExportDialogView';
import { ListFilterCard, type ListFilterEvent } from './ListFilterCard';
import type { ListTableProps } from './ListTable';
import { Pager } from './Pager';
import type { RowActionsProps } from './RowActions';
import { PageSection } from './PageSection';
import { LIST_COLUMNS } from '../../services/savedViewRules';
import { ColumnChooser } from './ColumnChooser';
import { SavedViewsMenu, type SavedViewsActor } from './SavedViewsMenu';
import { TRANSACTION_PAGE_SIZES } from '../../services/paging';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  // The person's views and columns sit at the table's top right, where its columns are.
  memory: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

/** What a list screen reads of its machine's snapshot (either list's snapshot is one). */
export interface ListSnapshot<Row extends ListRow> {
  context: ListPageContext<Row, TransactionStats, ListFilterForm>;
  matches(state: unknown): boolean;
  can(event: unknown): boolean;
  children: Record<string, AnyActorRef | undefined>;
}

/** Either list's actor, as the shared screen sends to it. */
export interface ListActor<Row extends ListRow, Type extends string> {
  send(event: ListPageEvent | { type: Type; row: Row }): void;
  getSnapshot(): ListSnapshot<Row>;
}

/** The filter bar's fields as a list names them (ListFilterCard.tsx). */
export interface ListFilterFields {
  label: string;
  searchBy: readonly string[];
  methodLabel: string;
  methods: readonly string[];
  statuses: readonly string[];
}

interface Props<Row extends ListRow, Type extends string> {
  actor: ListActor<Row, Type>;
  /** The snapshot the list's own screen selected: it renders its own dialogs from it too. */
  s: ListSnapshot<Row>;
  clients: ClientOption[];
  title: string;
  filters: ListFilterFields;
  /** The list's own buttons after Search and Export. */
  filterButtons?: ReactNode;
  loadErrorRole?: 'alert';
  Table: ComponentType<ListTableProps<Row>>;
  rowActions: readonly Type[];
  RowActions: ComponentType<RowActionsProps<Type, Row>>;
  /** Without any action this role may take on a row, the table has no Actions column. */
  actsOnRows?: boolean;
  /** The Refresh status dialog's title: the row action's own words. */
  refreshTitle: string;
  /** Add to withdrawable: what the confirmation asks about the row, and what it says while it works. */
  addQuestion: (row: Row) => ReactNode;
  addBusyLabel: string;
  /** What the rows are, for the export dialog's count ('1 payment matches', '20 disbursements match'). */
  noun: 'payments' | 'disbursements';
  /** The list's own dialogs. */
  children: ReactNode;
}

/**
 * Which row actions the page machine takes now, per row. Asked once per page of rows and dialog
 * change, not per keystroke in the filter bar: a 1000-row page asks 5000 times.
 */
function useOfferedActions<Row extends ListRow, Type extends string>(
  actor: ListActor<Row, Type>,
  rows: Row[],
  types: readonly Type[],
  dialogClosed: boolean,
) {
  return useMemo(() => {
    const snapshot = actor.getSnapshot();
    return new Map(
      rows.map((row) => [row.uuid, dialogClosed ? types.filter((type) => snapshot.can({ type, row })) : []]),
    );
  }, [actor, rows, types, dialogClosed]);
}

/**
 * A list screen as its page machine holds it (the Payments List and the Disbursement List): the
 * filter bar, the tiles, the paged table with its row actions, and the dialogs both lists open.
 * Every part reads the snapshot and sends events; buttons are enabled by what the machine takes.
 */
export function ListScreen<Row extends ListRow, Type extends string>(props: Props<Row, Type>) {
  const { actor, s, Table, RowActions, rowActions } = props;
  const { form, rows, stats, meta, limit, target } = s.context;
  const loading = s.matches({ list: 'loading' });
  const offered = useOfferedActions(actor, rows, rowActions, s.matches({ dialog: 'closed' }));
  const onAction = useCallback((type: Type, row: Row) => actor.send({ type, row }), [actor]);
  const actions = useCallback(
    (row: Row) => <RowActions row={row} offered={offered.get(row.uuid) ?? []} onAction={onAction} />,
    [offered, onAction, RowActions],
  );
  const send = (event: ListPageEvent) => actor.send(event);
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  // Issue 29: the person's saved views and columns, kept by the list's views child.
  const views = s.children.views as SavedViewsActor | undefined;
  const offeredColumns = LIST_COLUMNS[s.context.listId];
  const shown = useSelector(views, (snapshot) => snapshot?.context.shown ?? null) ?? offeredColumns;

  return (
    <PageSection title={props.title}>
      <ListFilterCard
        {...props.filters}
        form={form}
        rangeError={s.context.rangeError}
        clients={props.clients}
        canSearch={s.can({ type: 'SEARCH' })}
        canExport={s.can({ type: 'OPEN_EXPORT' })}
        // The card sends only values picked from this list's own lists, so the machine's narrower event types hold.
        send={actor.send as (event: ListFilterEvent) => void}
      >
        {props.filterButtons}
      </ListFilterCard>
      {s.context.loadError && (
        <MessageBar intent="error" role={props.loadErrorRole}>
          <MessageBarBody>{said(s.context.loadError)}</MessageBarBody>
        </MessageBar>
      )}
      <StatTiles stats={stats} />
      {views && (
        <div className={styles.memory}>
          <SavedViewsMenu actor={views} />
          <ColumnChooser
            offered={offeredColumns}
            shown={shown}
            onChange={(next) => views.send({ type: 'SET_COLUMNS', shown: next })}
          />
        </div>
      )}
      <Table
        shown={shown}
        rows={rows}
        loading={loading}
        actions={props.actsOnRows === false ? undefined : actions}
        journals={s.context.journals}
      />
      <Pager meta={meta} sizes={TRANSACTION_PAGE_SIZES} limit={limit} disabled={loading} send={send} />

      {props.children}
      {s.matches({ dialog: 'refreshingStatus' }) && target && (
        <ConfirmDialog
          title={props.refreshTitle}
          busy
          busyLabel={t({ defaultMessage: 'Asking the provider…', id: 'AvNHdt' })}
        >
          <Text>
            {t(
              { defaultMessage: 'Asking the provider for the status of {correlationId}.', id: 'uc4z+I' },
              { correlationId: target.correlation_id },
            )}
          </Text>
        </ConfirmDialog>
      )}
      {s.matches({ dialog: 'addingToWithdrawable' }) && target && (
        <ConfirmDialog
          busy={s.matches({ dialog: { addingToWithdrawable: 'adding' } })}
          busyLabel={props.addBusyLabel}
          confirmLabel={t({ defaultMessage: 'Add', id: '2/2yg+' })}
          onConfirm={() => send({ type: 'CONFIRM' })}
          onCancel={() => send({ type: 'CANCEL' })}
        >
          <Text>{props.addQuestion(target)}</Text>
        </ConfirmDialog>
      )}
      {s.matches({ dialog: 'viewingInvoice' }) && (
        <InvoiceDialog
          invoice={s.context.invoice}
          error={s.context.invoiceError}
          onClose={() => send({ type: 'CLOSE' })}
        />
      )}
      {s.matches({ dialog: 'exporting' }) && s.children.export && (
        <ExportDialogView
          actor={s.children.export as ActorRefFrom<typeof exportMachine>}
          summary={t(
            {
              defaultMessage:
                '{noun, select, disbursements {{count, plural, one {# disbursement matches} other {# disbursements match}}} other {{count, plural, one {# payment matches} other {# payments match}}}} the current search.',
              id: 'kzXjKz',
            },
            { noun: props.noun, count: stats?.total_transaction_count ?? 0 },
          )}
        />
      )}
    </PageSection>
  );
}

import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { ListRow } from '../../machines/listPageMachine';
import { asEnglish, type Translate } from '../../i18n/translate';
import { useSaid, useT } from '../../i18n/useT';

/** Each row action's words (the spec's, in English: said in the person's language) and icon, by its event. */
export type RowActionLabels<Type extends string> = Record<Type, { label: string; icon: ReactElement }>;

/** A row action's accessible name: the spec's words (in the language shown), then the row it acts on. */
export const rowActionName = <Type extends string>(
  labels: RowActionLabels<Type>,
  type: Type,
  row: Pick<ListRow, 'correlation_id'>,
  said: Translate = asEnglish,
) => `${said(labels[type].label)} ${row.correlation_id}`;

/** What a row without actions shows in their place (named 'No actions' for a screen reader). */
const NONE = '-';

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalXS } });

export interface RowActionsProps<Type extends string, Row extends ListRow> {
  row: Row;
  offered: readonly Type[];
  onAction: (type: Type, row: Row) => void;
}

/**
 * One row's actions: those the page machine accepts for it now (the list's lifecycle decides which),
 * as icon buttons; each opens its dialog. Each button's name carries the row's correlation ID
 * ('Finalize FQR…'): a screen reader user moving between rows by arrow key hears which row a button
 * acts on. The tooltip keeps the spec's words, and is left out of the accessibility tree, since the
 * name already says it. The id (`idPrefix`, the action, the row) finds the button again when its
 * dialog closes (the actions leave while a dialog is open).
 */
export function RowActions<Type extends string, Row extends ListRow>({
  row,
  offered,
  onAction,
  labels,
  idPrefix,
}: RowActionsProps<Type, Row> & { labels: RowActionLabels<Type>; idPrefix: string }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  if (offered.length === 0) return <span aria-label={t({ defaultMessage: 'No actions', id: '0kn7st' })}>{NONE}</span>;
  return (
    <div
      className={styles.row}
      role="group"
      aria-label={t(
        { defaultMessage: 'Actions for {correlationId}', id: 'Yn0UGu' },
        { correlationId: row.correlation_id },
      )}
    >
      {offered.map((type) => (
        <Tooltip key={type} content={said(labels[type].label)} relationship="inaccessible">
          <Button
            id={`${idPrefix}-${type}-${row.uuid}`}
            // The action, whatever language names it: the focus finds the same action of the next row (rowFocus.ts).
            data-action={type}
            size="small"
            appearance="subtle"
            icon={labels[type].icon}
            aria-label={rowActionName(labels, type, row, said)}
            onClick={() => onAction(type, row)}
          />
        </Tooltip>
      ))}
    </div>
  );
}

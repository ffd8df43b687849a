import { useLayoutEffect, useRef } from 'react';
import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, ColumnTripleEditRegular } from '@fluentui/react-icons';
import { useSaid, useT } from '../../i18n/useT';
import { canHide, canMove, moveColumn, shownColumns, toggleColumn } from '../../services/columnChoice';
import { ToolbarPopover } from './ToolbarPopover';

const useStyles = makeStyles({
  surface: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: '260px' },
  note: { color: tokens.colorNeutralForeground3, paddingBottom: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
});

/**
 * Issue 29: which of a list's columns show, and in what order. A checkbox per offered column, named
 * by its header; the shown ones come first, in the table's order, each with buttons to move it. The
 * last shown column's box cannot be unticked: a list keeps at least one column (columnChoice.ts).
 */
export function ColumnChooser({
  offered,
  shown,
  onChange,
  disabled,
}: {
  offered: readonly string[];
  shown: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const styles = useStyles();
  const t = useT();
  // A column is named by its header, in English (what the person's choice keeps); shown in their language.
  const said = useSaid();
  const current = shownColumns(offered, shown);
  const rows = [...current, ...offered.filter((c) => !current.includes(c))];
  const surface = useRef<HTMLDivElement>(null);
  const refocus = useRef<string | null>(null);

  // A change reorders the rows, and React may move the focused control's row in the DOM, which drops
  // its focus: put it back on the same control, so the keyboard stays where it was.
  useLayoutEffect(() => {
    const key = refocus.current;
    refocus.current = null;
    if (!key || !surface.current) return;
    const control = [...surface.current.querySelectorAll<HTMLElement>('[data-control]')].find(
      (e) => e.dataset.control === key,
    );
    if (control && document.activeElement !== control) control.focus();
  }, [shown]);

  const change = (next: string[], control: string) => {
    if (next.length === current.length && next.every((c, i) => c === current[i])) return;
    refocus.current = control;
    onChange(next);
  };
  const moveButton = (column: string, direction: 'up' | 'down') => {
    const isShown = current.includes(column);
    return (
      <Button
        appearance="subtle"
        size="small"
        icon={direction === 'up' ? <ArrowUpRegular /> : <ArrowDownRegular />}
        aria-label={
          direction === 'up'
            ? t({ defaultMessage: 'Move {column} up', id: 'hnvUBb' }, { column: said(column) })
            : t({ defaultMessage: 'Move {column} down', id: '+RfGEi' }, { column: said(column) })
        }
        data-control={`${direction}:${column}`}
        // A shown column's button at an end stays focusable, so moving one step too far keeps the focus.
        disabled={!isShown}
        disabledFocusable={isShown && !canMove(current, column, direction)}
        onClick={() => change(moveColumn(current, column, direction), `${direction}:${column}`)}
      />
    );
  };

  return (
    <ToolbarPopover
      label={t({ defaultMessage: 'Columns', id: 'SUa8mp' })}
      icon={<ColumnTripleEditRegular />}
      surfaceLabel={t({ defaultMessage: 'Choose columns', id: 'JM4LEz' })}
      disabled={disabled}
    >
      <div ref={surface} className={styles.surface}>
        <Text size={200} className={styles.note}>
          {t({ defaultMessage: 'Shown columns first, in the table’s order.', id: '8K2eFT' })}
        </Text>
        {rows.map((column) => (
          <div key={column} className={styles.row}>
            <Checkbox
              label={said(column)}
              checked={current.includes(column)}
              disabled={!canHide(current, column)}
              data-control={`check:${column}`}
              onChange={() => change(toggleColumn(offered, current, column), `check:${column}`)}
            />
            <span>
              {moveButton(column, 'up')}
              {moveButton(column, 'down')}
            </span>
          </div>
        ))}
      </div>
    </ToolbarPopover>
  );
}

import { useRef, type ReactElement, type ReactNode } from 'react';
import {
  Badge,
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DocumentTableRegular } from '@fluentui/react-icons';
import { ACCEPTED_TYPES } from '../../services/reconciliationRules';
import { MachineDialog } from './MachineDialog';
import { ScrollRegion } from './ScrollRegion';
import { FormErrors } from './FormErrors';
import { currentLanguage } from '../../i18n/language';
import { msg } from '../../i18n/msg';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  summary: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  tableWrap: { maxHeight: '50vh', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}` },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200 },
  cell: {
    padding: '4px 8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    whiteSpace: 'nowrap',
    textAlign: 'left',
  },
  bad: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** One button of the dialog's footer; its label is said in the person's language. */
export interface UploadAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  icon?: ReactElement;
}

/** A results column: its header, its cell, and when that cell is a failure (shown in red). */
export interface UploadColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  bad?: (row: Row) => boolean;
}

/** A summary badge: 'N rows', 'N missing'… */
export interface UploadBadge {
  text: string;
  color?: BadgeProps['color'];
}

/** A count that is a problem when there is any: red, else neutral. */
export const alarmIf = (count: number): BadgeProps['color'] => (count ? 'danger' : 'informative');

/** 'name (12.3 KB)': how a chosen file is listed ('(12,3 KB)' in Bahasa Indonesia). */
export const fileSize = (file: File) =>
  `(${new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(file.size / 1024)} KB)`;

/** The choosing step's footer, the same in every upload: Cancel, Upload; both wait while the file is sent. */
export const uploadStepActions = (
  busy: boolean,
  onCancel: () => void,
  onUpload: () => void,
): [UploadAction, UploadAction] => [
  { label: msg({ defaultMessage: 'Cancel', id: '47FYwb' }), onClick: onCancel, disabled: busy },
  {
    label: msg({ defaultMessage: 'Upload', id: 'p4N05H' }),
    onClick: onUpload,
    disabled: busy,
    icon: <ArrowUploadRegular />,
  },
];

/**
 * The file field of an upload: the browser's picker stays hidden behind a button, and is emptied
 * after each choice so that choosing the same file again still sends it.
 */
export function UploadPicker({
  label,
  hint,
  inputLabel,
  buttonLabel,
  multiple = false,
  disabled,
  onFiles,
}: {
  label: string;
  hint: string;
  inputLabel: string;
  buttonLabel: string;
  multiple?: boolean;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <Field label={label} hint={hint}>
      <div>
        <input
          ref={picker}
          type="file"
          multiple={multiple}
          accept={ACCEPTED_TYPES}
          hidden
          aria-label={inputLabel}
          onChange={(e) => {
            onFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <Button icon={<DocumentTableRegular />} disabled={disabled} onClick={() => picker.current?.click()}>
          {buttonLabel}
        </Button>
      </div>
    </Field>
  );
}

/**
 * What an upload answered: the summary badges, then a table of every row. With `region`, the
 * table's box is a focusable named region a keyboard can scroll (ScrollRegion); without, a plain box.
 */
export function UploadResults<Row>({
  badges,
  label,
  region,
  columns,
  rows,
  rowKey,
}: {
  badges: UploadBadge[];
  label: string;
  region?: string;
  columns: readonly UploadColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  const styles = useStyles();
  const t = useT();
  // Headers and badges are the page's English: said in the person's language.
  const said = useSaid();
  const table = (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={styles.cell}>
              {said(c.header)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.header} className={c.bad?.(row) ? `${styles.cell} ${styles.bad}` : styles.cell}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      <div className={styles.summary} aria-label={t({ defaultMessage: 'Summary', id: 'RrCui3' })}>
        {badges.map((b) => (
          <Badge key={b.text} appearance="tint" color={b.color}>
            {said(b.text)}
          </Badge>
        ))}
      </div>
      {region ? (
        <ScrollRegion label={region} className={styles.tableWrap}>
          {table}
        </ScrollRegion>
      ) : (
        <div className={styles.tableWrap}>{table}</div>
      )}
    </>
  );
}

/**
 * An upload's dialog, whichever machine runs it: its title, the refusals above the step's own
 * content, and a footer of two buttons, the second the primary one. Escape does what the machine
 * takes for Cancel or Close (`onDismiss`), except while `busy` sending.
 */
export function UploadDialog({
  title,
  maxWidth,
  busy,
  onDismiss,
  errors,
  actions,
  children,
}: {
  title: string;
  maxWidth: number;
  busy: boolean;
  onDismiss: () => void;
  errors: string[];
  actions: readonly [UploadAction, UploadAction];
  children: ReactNode;
}) {
  const styles = useStyles();
  const said = useSaid();
  const [secondary, primary] = actions;
  return (
    <MachineDialog busy={busy} onDismiss={onDismiss}>
      <DialogSurface style={{ maxWidth }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            <FormErrors errors={errors} />
            {children}
          </DialogContent>
          <DialogActions>
            <Button icon={secondary.icon} disabled={secondary.disabled} onClick={secondary.onClick}>
              {said(secondary.label)}
            </Button>
            <Button appearance="primary" icon={primary.icon} disabled={primary.disabled} onClick={primary.onClick}>
              {said(primary.label)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}

import { useId } from 'react';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { Link } from 'wouter';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  tile: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderTop: `3px solid ${tokens.colorBrandStroke1}`,
    color: tokens.colorNeutralForeground1,
  },
  link: {
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, boxShadow: tokens.shadow4 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalXS },
  label: { color: tokens.colorNeutralForeground2 },
  value: {
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
    overflowWrap: 'anywhere',
  },
  note: { color: tokens.colorNeutralForeground3 },
});

export interface OverviewTileProps {
  label: string;
  value: string;
  /** A line under the figure ('+25% vs yesterday'); a link says it as its description. */
  note?: string | null;
  /** The list this figure summarises, already filtered; null where the user has no such list. */
  href?: string | null;
  /** What the link is named, where the label alone would not say it ('Today finalized pay-ins'). */
  name?: string;
}

/**
 * One figure of the Overview. Where the user has its list, the tile is a real link to it (keyboard,
 * middle-click and 'open in new tab' all work), named '<what>: <figure>' so a person hears where it
 * goes; otherwise a group named by its label, as the list tiles are.
 */
export function OverviewTile({ label, value, note, href, name }: OverviewTileProps) {
  const styles = useStyles();
  const t = useT();
  const noteId = useId();
  const body = (
    <>
      <span className={styles.head}>
        <Text size={200} className={styles.label}>
          {label}
        </Text>
        {href && <ChevronRightRegular aria-hidden />}
      </span>
      <span className={styles.value}>{value}</span>
      {note && (
        <Text size={200} id={noteId} className={styles.note}>
          {note}
        </Text>
      )}
    </>
  );
  if (!href)
    return (
      <div role="group" aria-label={label} className={styles.tile}>
        {body}
      </div>
    );
  return (
    <Link
      href={`~${href}`}
      aria-label={t({ defaultMessage: '{name}: {value}', id: 'DCd6P2' }, { name: name ?? label, value })}
      aria-describedby={note ? noteId : undefined}
      className={mergeClasses(styles.tile, styles.link)}
    >
      {body}
    </Link>
  );
}

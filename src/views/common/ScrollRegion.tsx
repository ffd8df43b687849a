import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  region: {
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/**
 * A box that scrolls a wide or long table. A table of text alone has nothing to focus, so a
 * keyboard user could not scroll it (WCAG 2.1.1, axe's `scrollable-region-focusable`): the box is a
 * named region that takes focus itself, and the arrow keys then scroll it.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div role="region" aria-label={label} tabIndex={0} className={mergeClasses(styles.region, className)}>
      {children}
    </div>
  );
}

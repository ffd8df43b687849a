import { useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Popover, PopoverSurface, PopoverTrigger } from '@fluentui/react-components';

/**
 * A list's toolbar menu (Views, Columns): a button that opens a surface holding the focus, closed by
 * Escape or a click outside. The surface is named for screen readers by `surfaceLabel`.
 */
export function ToolbarPopover({
  label,
  icon,
  surfaceLabel,
  className,
  disabled,
  children,
}: {
  label: string;
  icon: ReactElement;
  surfaceLabel: string;
  className?: string;
  disabled?: boolean;
  /** The surface's content; as a function it gets `close`, for a choice that is done once made (opening a view). */
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  const [open, setOpen] = useState(false);
  const surface = useRef<HTMLDivElement>(null);
  // A control that a change removes (a deleted view) or disables (Save once the name is cleared) drops
  // the focus to the page, where Escape no longer reaches the surface and Tab leaves it: the surface
  // takes the focus back.
  useLayoutEffect(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || active.matches(':disabled');
    if (open && lost) surface.current?.focus();
  });
  return (
    <Popover trapFocus open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <PopoverTrigger disableButtonEnhancement>
        <Button icon={icon} disabled={disabled}>
          {label}
        </Button>
      </PopoverTrigger>
      <PopoverSurface ref={surface} tabIndex={-1} aria-label={surfaceLabel} className={className}>
        {typeof children === 'function' ? children(() => setOpen(false)) : children}
      </PopoverSurface>
    </Popover>
  );
}

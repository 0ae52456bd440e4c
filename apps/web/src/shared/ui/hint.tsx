/**
 * The name of an icon button, shown beside it on hover and on keyboard focus. The button keeps its own aria-label
 * (the hint is only drawn, aria-hidden), so screen readers hear the name once.
 */
import type { CSSProperties, ReactNode } from 'react';
import classes from './hint.module.css';

export function Hint({
  label,
  position = 'bottom',
  openDelay = 0,
  className,
  children,
}: {
  label: string;
  position?: 'bottom' | 'right';
  /** Milliseconds of hovering before it shows. */
  openDelay?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={className ? `${classes.hint} ${className}` : classes.hint} style={{ '--hint-delay': `${openDelay}ms` } as CSSProperties}>
      {children}
      <span className={classes.label} data-position={position} aria-hidden>
        {label}
      </span>
    </span>
  );
}

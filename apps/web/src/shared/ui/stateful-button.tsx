/**
 * The button of spec §4 with three states: active, in progress (a loader, no second click) and disabled.
 * The state is given, or derived from the promise the click handler returns.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { useState, type MouseEvent, type ReactNode } from 'react';

export type ButtonState = 'active' | 'progress' | 'disabled';

export interface StatefulButtonProps extends Omit<ButtonProps, 'loading' | 'disabled'> {
  state?: ButtonState;
  /** When it returns a promise the button shows «in progress» until the promise settles. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
  type?: 'button' | 'submit';
  children?: ReactNode;
  'data-testid'?: string;
  'aria-label'?: string;
}

export function StatefulButton({ state = 'active', onClick, type = 'button', children, ...rest }: StatefulButtonProps) {
  const [pending, setPending] = useState(false);
  const effective: ButtonState = state === 'disabled' ? 'disabled' : pending ? 'progress' : state;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (effective !== 'active' || !onClick) return;
    const result = onClick(event);
    if (result instanceof Promise) {
      setPending(true);
      void result.catch(() => undefined).finally(() => setPending(false));
    }
  };
  return (
    <Button
      {...rest}
      type={type}
      loading={effective === 'progress'}
      disabled={effective === 'disabled'}
      data-state={effective}
      aria-busy={effective === 'progress'}
      onClick={handleClick}
    >
      {children}
    </Button>
  );
}

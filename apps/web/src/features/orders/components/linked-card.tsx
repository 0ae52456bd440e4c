/**
 * A card of the history that a link can name — an order after it is sent or from its e-mail, an approval from its
 * notification: when named, it is brought into view and ringed in its colour.
 */
import { Card } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

export function LinkedCard({
  highlighted,
  colour,
  children,
  ...data
}: {
  highlighted: boolean;
  colour: 'teal' | 'yellow';
  children: ReactNode;
  'data-testid': string;
  'data-order-card'?: boolean;
}) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted) card.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);
  const ring = highlighted
    ? { borderColor: `var(--mantine-color-${colour}-5)`, boxShadow: `0 0 0 2px var(--mantine-color-${colour}-1)` }
    : undefined;
  return (
    <Card ref={card} withBorder radius="md" padding="md" style={ring} {...data}>
      {children}
    </Card>
  );
}

/**
 * A Mantine Table that becomes one card per row when its frame is narrow (stacked-table.module.css). Each body cell
 * is labelled from its column's header here, so a screen only swaps its <Table> for <StackedTable> and its cells stay
 * as they are — inputs and buttons included. A cell that already has a data-label keeps it.
 */
import { Table, type TableProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import classes from './stacked-table.module.css';

function labelCells(table: HTMLTableElement) {
  const headers = [...table.querySelectorAll(':scope > thead > tr:first-child > th')].map((th) => th.textContent?.trim() ?? '');
  for (const row of table.querySelectorAll(':scope > tbody > tr')) {
    [...row.children].forEach((cell, index) => {
      if (!cell.hasAttribute('data-label') || cell.getAttribute('data-auto-label') === '') {
        cell.setAttribute('data-label', headers[index] ?? '');
        cell.setAttribute('data-auto-label', '');
      }
    });
  }
}

export function StackedTable({ className, ...props }: TableProps) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    labelCells(table);
    // Rows come and go (lines added, removed, loaded): label the new ones as they appear.
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div className={classes.frame}>
      <Table ref={ref} className={[classes.table, className].filter(Boolean).join(' ')} {...props} />
    </div>
  );
}

import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A table's box, which scrolls sideways when the table is wider than the screen (a tablet): it is a
 * named region in the tab order, so the keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer role="region" aria-label={label} tabIndex={0}>
      {children}
    </TableContainer>
  );
}

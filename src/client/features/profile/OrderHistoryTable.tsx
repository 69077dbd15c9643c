import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import type TablePaginationType from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import type { OrderHistoryRow } from '../../../shared/contract/orders';
import { formatLongUsDate } from '../../../shared/format';
import { formatPrice } from '../../../shared/money';

// Only a history longer than one page shows it; it brings Select, Menu and Popper along (16 KiB), so
// the profile's first screen does not wait for it.
// (lazy() keeps only the props of a plain component; the cast keeps TablePagination's own, `component` included.)
const TablePagination = lazy(
  () => import(/* webpackChunkName: "table-pagination" */ '@mui/material/TablePagination'),
) as unknown as typeof TablePaginationType;

const COLUMNS = ['Order Id', 'Status', 'Method', 'Amount', 'Purchased on', 'Info'] as const;

type Props = { rows: OrderHistoryRow[]; total: number; page: number; pageSize: number; onPage: (page: number) => void };

/**
 * The spec's columns. On a phone the table scrolls sideways inside its own box (focusable, so a
 * keyboard can scroll it too) instead of widening the page.
 */
export function OrderHistoryTable({ rows, total, page, pageSize, onPage }: Props) {
  return (
    <Paper variant="outlined">
      <TableContainer tabIndex={0} role="region" aria-label="Orders" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="order-history-title" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((name) => (
                <TableCell key={name} scope="col" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.orderId} data-testid="order-row">
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {row.orderId}
                </TableCell>
                <TableCell>{row.usageType}</TableCell>
                <TableCell>{row.payment_method}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPrice(row.rate)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatLongUsDate(row.created)}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={paths.order(row.cartId)} aria-label={`View order ${row.orderId}`}>
                    View
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total > pageSize && (
        <Suspense fallback={<div style={{ minHeight: 52 }} />}>
          <TablePagination
            component="div"
            count={total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[]}
            onPageChange={(_e, next) => onPage(next)}
          />
        </Suspense>
      )}
    </Paper>
  );
}

import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import type TablePaginationType from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { paymentMethodLabel } from '../../components/paymentMethodLabel';
import type { OrderHistoryRow } from '../../../shared/contract/orders';
import { formatLongUsDate } from '../../../shared/format';
import { formatPrice } from '../../../shared/money';
import { orderCardsBelowMd } from './orderHistoryCards';
import { SUMMARY_LABELS } from '../../lib/summaryMessages';

// Only a history longer than one page shows it; it brings Select, Menu and Popper along (16 KiB), so
// the profile's first screen does not wait for it.
// (lazy() keeps only the props of a plain component; the cast keeps TablePagination's own, `component` included.)
const TablePagination = lazy(
  () => import(/* webpackChunkName: "table-pagination" */ '@mui/material/TablePagination'),
) as unknown as typeof TablePaginationType;

/** The spec's columns, and ours: the events each order bought (a row names what was bought). */
const COLUMNS = [
  SUMMARY_LABELS.orderId,
  'Events',
  'Status',
  'Method',
  'Amount',
  SUMMARY_LABELS.purchasedOn,
  'Info',
] as const;
type Column = (typeof COLUMNS)[number];

type Props = { rows: OrderHistoryRow[]; total: number; page: number; pageSize: number; onPage: (page: number) => void };

/** A body cell that names its column (the phone's cards show the name beside the value). */
const cell = (column: Column) => ({ 'data-label': column, role: 'cell' }) as const;

/**
 * The order history: a table from tablet width up; below it each order is a card of label and value
 * lines (orderHistoryCards), so a phone reads every order without scrolling sideways. The roles are
 * spelled out because a table restyled as blocks loses them in some browsers (Safari).
 */
export function OrderHistoryTable({ rows, total, page, pageSize, onPage }: Props) {
  return (
    <Paper variant="outlined" sx={orderCardsBelowMd}>
      <Table size="small" role="table" aria-labelledby="order-history-title">
        <TableHead role="rowgroup">
          <TableRow role="row">
            {COLUMNS.map((name) => (
              <TableCell key={name} scope="col" role="columnheader" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {rows.map((row) => (
            <TableRow key={row.orderId} role="row" data-testid="order-row">
              <TableCell
                component="th"
                scope="row"
                role="rowheader"
                data-label={SUMMARY_LABELS.orderId}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {row.orderId}
              </TableCell>
              <TableCell {...cell('Events')} data-events>
                {row.events.map((event) => (
                  <Link
                    key={event.assetId}
                    component={RouterLink}
                    to={paths.event(event.assetId)}
                    sx={{ display: 'block', fontWeight: 600 }}
                  >
                    {event.title}
                  </Link>
                ))}
              </TableCell>
              <TableCell {...cell('Status')}>{row.usageType}</TableCell>
              <TableCell {...cell('Method')}>{paymentMethodLabel(row.payment_method)}</TableCell>
              <TableCell {...cell('Amount')} sx={{ whiteSpace: 'nowrap' }}>
                {formatPrice(row.rate)}
              </TableCell>
              <TableCell {...cell(SUMMARY_LABELS.purchasedOn)} sx={{ whiteSpace: 'nowrap' }}>
                {formatLongUsDate(row.created)}
              </TableCell>
              <TableCell {...cell('Info')}>
                <Link component={RouterLink} to={paths.order(row.cartId)} aria-label={`View order ${row.orderId}`}>
                  View
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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

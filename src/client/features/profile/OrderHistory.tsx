import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import type { OrderHistoryRow } from '../../../shared/contract/orders';
import { useGetOrderHistoryQuery } from '../orders/ordersApi';
import { OrderHistoryTable } from './OrderHistoryTable';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

const HISTORY_PAGE_SIZE = 10;

/** docs/behaviour.md §3: history rows are deduplicated by orderId (an order of several events is one row). */
const dedupeOrders = (rows: OrderHistoryRow[]) =>
  rows.filter((row, i) => rows.findIndex((o) => o.orderId === row.orderId) === i);

/** docs/behaviour.md §2 "Profile" order history: the table of orders, or its empty state. */
export function OrderHistory({ userId }: { userId: number }) {
  const [page, setPage] = useState(0);
  const { data, isLoading, error } = useGetOrderHistoryQuery({
    userId,
    offset: page * HISTORY_PAGE_SIZE,
    limit: HISTORY_PAGE_SIZE,
  });
  const rows = data ? dedupeOrders(data.data) : [];
  return (
    <Box component="section" aria-labelledby="order-history-title" sx={{ mt: 5 }}>
      <Typography id="order-history-title" component="h2" variant="h5" sx={{ fontWeight: 800, mb: 2 }}>
        Order History
      </Typography>
      {isLoading ? (
        <Skeleton variant="rectangular" height={160} aria-label="Loading order history" />
      ) : error ? (
        <Typography color="text.secondary">Your order history could not be loaded.</Typography>
      ) : rows.length === 0 && page === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" sx={{ fontWeight: 700 }}>
            No order history
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            You haven't purchased access to any events yet
          </Typography>
          <Button component={Link} to={paths.events} variant="default">
            {SHOP_MESSAGES.browseEvents}
          </Button>
        </Paper>
      ) : (
        <OrderHistoryTable
          rows={rows}
          total={data?.total ?? rows.length}
          page={page}
          pageSize={HISTORY_PAGE_SIZE}
          onPage={setPage}
        />
      )}
    </Box>
  );
}

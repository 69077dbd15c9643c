import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import type { Cart } from '../../../shared/contract/cart';
import { calendarPath } from '../../../shared/calendarLink';
import { ReceiptLink } from './ReceiptLink';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

/**
 * Under an order's summary: its printable receipt, and while the order stands, 'Add to calendar' for each
 * show in it still to come (the event's .ics, as on its page).
 */
export function OrderLinks({ cartId, cart }: { cartId: number; cart: Cart }) {
  const [now] = useState(() => Date.now());
  const standing = cart.order?.status === 'Active';
  const coming = standing
    ? cart.items.filter((i) => i.meta.air_start_date && new Date(i.meta.air_start_date).getTime() > now)
    : [];
  return (
    <>
      <ReceiptLink cartId={cartId} />
      {coming.length > 0 && (
        <Box component="ul" aria-label={SHOP_MESSAGES.addToCalendar} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {coming.map((i) => (
            <li key={i.assetId}>
              <Link href={calendarPath(i.assetId)} download data-testid="order-calendar-link">
                {`Add ${i.meta.label} to calendar`}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </>
  );
}

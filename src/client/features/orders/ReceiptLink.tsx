import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';

/** The order page's way to its printable receipt (/order/{id}/receipt). */
export function ReceiptLink({ cartId }: { cartId: number }) {
  return (
    <Link component={RouterLink} to={paths.receipt(cartId)} sx={{ display: 'inline-block', mt: 2, fontWeight: 600 }}>
      Printable receipt
    </Link>
  );
}

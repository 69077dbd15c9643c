import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import type { CartItem } from '../../../shared/contract/cart';
import { formatEventDateTime, INVALID_DATE } from '../../../shared/format';
import { formatPrice } from '../../../shared/money';
import { PosterImage } from '../../components/PosterImage';

/** docs/behaviour.md §3: outside checkout a line's price is its finalPrice, else its unitPrice. */
const linePrice = (item: Pick<CartItem, 'finalPrice' | 'unitPrice'>): number => item.finalPrice ?? item.unitPrice;

/**
 * One cart line (docs/behaviour.md §2 "Cart"): poster, title linking to the event, venue line, air time in EDT, price,
 * remove.
 */
export function CartItemRow({ item, onRemove }: { item: CartItem; onRemove: (item: CartItem) => void }) {
  const { meta } = item;
  const airs = formatEventDateTime(meta.air_start_date);
  return (
    <Box
      component="li"
      data-testid="cart-item"
      sx={{
        display: 'flex',
        gap: { xs: 1.5, sm: 2.5 },
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
        alignItems: 'flex-start',
      }}
    >
      {/* The title next to it names the event: the poster is decoration for a screen reader. */}
      <Box sx={{ width: { xs: 96, sm: 168 }, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
        <PosterImage src={meta.vodOrLivePosterImageFilePath} alt="" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.15rem' }, lineHeight: 1.3 }}>
          <Link component={RouterLink} to={paths.event(item.assetId)} color="inherit" underline="hover">
            {meta.label}
          </Link>
        </Typography>
        {meta.second_description && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {meta.second_description}
          </Typography>
        )}
        {airs !== INVALID_DATE && (
          <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
            {airs}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-end', sm: 'center' },
          gap: { xs: 0.5, sm: 1.5 },
        }}
      >
        <Typography data-testid="cart-item-price" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
          {formatPrice(linePrice(item))}
        </Typography>
        <Button
          variant="destructive"
          size="icon"
          aria-label={`Remove ${meta.label} from cart`}
          onClick={() => onRemove(item)}
        >
          <DeleteOutlineIcon />
        </Button>
      </Box>
    </Box>
  );
}

import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../lib/paths';
import { SHOP_MESSAGES } from '../lib/shopMessages';

/** The Terms of Service and Privacy Policy links under a cart or an order summary (/terms/3, /privacy/2). */
export function AgreementLinks() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={paths.terms}>
        Terms of Service
      </Link>
      <Link component={RouterLink} to={paths.privacy}>
        {SHOP_MESSAGES.privacyPolicy}
      </Link>
    </Typography>
  );
}

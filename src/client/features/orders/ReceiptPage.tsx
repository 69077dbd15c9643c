import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import type { Receipt } from '../../../shared/contract/receipt';
import { formatEventDateTime, formatLongUsDate, INVALID_DATE } from '../../../shared/format';
import { formatPrice } from '../../../shared/money';
import { PageHead } from '../../components/PageHead';
import { visitorPageSx } from '../../components/visitorPageSx';
import { pageTitle, type HeadData } from '../../lib/pageHead';
import { paths } from '../../lib/paths';
import { useRequireSignIn } from '../../lib/useRequireSignIn';
import { useGetReceiptQuery } from './receiptApi';
import { SUMMARY_LABELS } from '../../lib/summaryMessages';

/** @public the head the server sends with this page, which the browser renders (app/router.tsx). */
export const head: HeadData = { title: pageTitle('Receipt'), noindex: true };

/**
 * On paper only the receipt: the shop's header, footer, banners and this page's own buttons stay on
 * screen. Black on white, whatever the screen's theme.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, footer, nav, aside, .receipt-screen-only': { display: 'none !important' },
        'body, main, .receipt': { background: '#fff !important', color: '#000 !important' },
        '.receipt *': { color: '#000 !important', borderColor: '#999 !important' },
        main: { padding: '0 !important' },
      },
    }}
  />
);

/** An order's printable receipt (docs/decisions.md "After the purchase"): signed-in only, the owner's order. */
export default function ReceiptPage() {
  const userId = useRequireSignIn();
  const { id = '' } = useParams();
  const cartId = Number(id);
  return (
    <Container maxWidth="md" sx={visitorPageSx}>
      <PageHead {...head} />
      {printStyles}
      {userId !== null && <ReceiptLoader cartId={cartId} />}
    </Container>
  );
}

function ReceiptLoader({ cartId }: { cartId: number }) {
  const valid = Number.isInteger(cartId) && cartId > 0;
  const { data, error, isLoading } = useGetReceiptQuery(cartId, { skip: !valid });
  if (!valid || error) return <Typography component="h1">{ORDER_MESSAGES.orderNotFound}</Typography>;
  if (isLoading || !data) return <Skeleton variant="rectangular" height={320} aria-label="Loading receipt" />;
  return <ReceiptSheet receipt={data} />;
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: strong ? 800 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 800 : 600, textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

const STATUS_WORDS: Record<Receipt['status'], string> = {
  Paid: 'Paid',
  Refunded: 'Refunded',
  Cancelled: 'Cancelled (refunded)',
};

function ReceiptSheet({ receipt: r }: { receipt: Receipt }) {
  const discounted = r.items.some((i) => i.paidPrice < i.listPrice);
  return (
    <Box component="article" className="receipt" aria-labelledby="receipt-title">
      <Box
        className="receipt-screen-only"
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 3 }}
      >
        <Link component={RouterLink} to={paths.order(r.cartId)}>
          Back to the order
        </Link>
        <Button variant="default" onClick={() => window.print()}>
          Print
        </Button>
      </Box>
      <Typography sx={{ fontSize: '1.4rem', fontWeight: 800 }}>{r.shopName}</Typography>
      <Typography id="receipt-title" component="h1" variant="h4" sx={{ fontWeight: 800, mt: 1, mb: 2 }}>
        Receipt
      </Typography>
      <Box component="dl" sx={{ m: 0, mb: 3 }}>
        <Row label={SUMMARY_LABELS.orderId}>{r.orderId}</Row>
        <Row label="Date">{formatLongUsDate(r.date)}</Row>
        <Row label="Status">
          {STATUS_WORDS[r.status]}
          {r.endedAt && r.status !== 'Paid' ? ` on ${formatLongUsDate(r.endedAt)}` : ''}
        </Row>
        <Row label="Billed to">{`${r.buyer.name} (${r.buyer.email})`}</Row>
        <Row label="Method">{r.paymentMethodLabel}</Row>
      </Box>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mb: 2 }}>
        <caption style={{ textAlign: 'left', fontWeight: 700, paddingBottom: 8 }}>Items</caption>
        <thead>
          <tr>
            <Cell header>Event</Cell>
            <Cell header right>
              {SUMMARY_LABELS.listPrice}
            </Cell>
            <Cell header right>
              Paid
            </Cell>
          </tr>
        </thead>
        <tbody>
          {r.items.map((i) => {
            const when = formatEventDateTime(i.airStartDate);
            return (
              <tr key={i.eventId} data-testid="receipt-item">
                <Cell>
                  <Typography sx={{ fontWeight: 600 }}>{i.title}</Typography>
                  {when !== INVALID_DATE && (
                    <Typography variant="body2" color="text.secondary">{`Airs ${when}`}</Typography>
                  )}
                  {i.transferred && (
                    <Typography variant="body2" color="text.secondary">
                      Handed on to someone else
                    </Typography>
                  )}
                </Cell>
                <Cell right testId="receipt-list-price">
                  {formatPrice(i.listPrice)}
                </Cell>
                <Cell right testId="receipt-paid-price">
                  {formatPrice(i.paidPrice)}
                </Cell>
              </tr>
            );
          })}
        </tbody>
      </Box>
      <Box component="dl" sx={{ m: 0, ml: 'auto', maxWidth: 360 }}>
        <Row label={SUMMARY_LABELS.subtotal}>{formatPrice(r.subtotal)}</Row>
        {r.coupon && <Row label={`Coupon ${r.coupon.code}`}>{`-${formatPrice(r.coupon.discount)}`}</Row>}
        {!r.coupon && discounted && <Row label="Discount">{formatPrice(r.subtotal - r.total)}</Row>}
        <Row label="Total paid" strong>
          {formatPrice(r.total)}
        </Row>
      </Box>
    </Box>
  );
}

function Cell({
  children,
  header,
  right,
  testId,
}: {
  children: ReactNode;
  header?: boolean;
  right?: boolean;
  testId?: string;
}) {
  return (
    <Box
      component={header ? 'th' : 'td'}
      {...(header ? { scope: 'col' } : {})}
      data-testid={testId}
      sx={{
        textAlign: right ? 'right' : 'left',
        py: 1,
        px: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        verticalAlign: 'top',
        fontWeight: header ? 700 : 400,
        whiteSpace: right ? 'nowrap' : 'normal',
      }}
    >
      {children}
    </Box>
  );
}

import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import type { StudioCoupon } from '../../../shared/contract/studioCoupons';
import { studioPaths } from '../studioPaths';
import { discountLabel, eventsLabel, instantOr, perBuyerLabel, STATUS_LABEL, usesLabel } from './couponTerms';
import { COUPON_LABELS } from './couponLabels';

/** The coupons list's columns; the code links to the coupon's page (its uses, Disable). */
export const couponColumns: GridColDef<StudioCoupon>[] = [
  {
    field: 'code',
    headerName: 'Code',
    flex: 1,
    minWidth: 140,
    // The grid's roving tab index: the link is a tab stop only while its cell has the focus.
    renderCell: ({ row, tabIndex }) => (
      <Link component={RouterLink} to={studioPaths.coupon(row.code)} tabIndex={tabIndex}>
        {row.code}
      </Link>
    ),
  },
  { field: 'discount', headerName: 'Discount', width: 120, valueGetter: (_v, row) => discountLabel(row) },
  { field: 'events', headerName: 'Events', flex: 1.5, minWidth: 160, valueGetter: (_v, row) => eventsLabel(row) },
  { field: 'uses', headerName: COUPON_LABELS.usesTotal, width: 120, valueFormatter: (_v, row) => usesLabel(row) },
  {
    field: 'perUserLimit',
    headerName: 'Per buyer',
    width: 110,
    valueFormatter: (_v, row) => perBuyerLabel(row),
  },
  {
    field: 'expiresAt',
    headerName: 'Expiry',
    flex: 1,
    minWidth: 180,
    valueFormatter: (_v, row) => instantOr(row.expiresAt, 'Never'),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 120,
    renderCell: ({ row }) => <Chip size="small" label={STATUS_LABEL[row.status]} variant="outlined" />,
  },
];

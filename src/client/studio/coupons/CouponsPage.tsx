import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridInitialState } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { messageFor } from '../../api/serverError';
import { StudioHead } from '../components/StudioHead';
import { studioPaths } from '../studioPaths';
import { couponColumns } from './couponColumns';
import { useListStudioCouponsQuery } from './studioCouponsApi';
import { COUPON_LABELS } from './couponLabels';
import { STUDIO_AREAS } from '../../lib/studioMessages';
import { PAGE_SIZE_OPTIONS } from '../components/gridProps';
import type { StudioCoupon } from '../../../shared/contract/studioCoupons';

// The grid's props are made once: a new object or function in a render redraws every cell.
const NO_COUPONS: StudioCoupon[] = [];
const couponRowId = (row: StudioCoupon) => row.code;
const FIRST_PAGE: GridInitialState = { pagination: { paginationModel: { page: 0, pageSize: 25 } } };
const LOCALE_TEXT = { noRowsLabel: 'No coupons yet.' };

/** Every coupon with its terms, uses and status now; the grid sorts and pages what the server sent. */
export default function CouponsPage() {
  const list = useListStudioCouponsQuery();
  return (
    <>
      <StudioHead title={STUDIO_AREAS.coupons} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {STUDIO_AREAS.coupons}
        </Typography>
        <Button component={RouterLink} to={studioPaths.newCoupon} startIcon={<AddIcon />}>
          {COUPON_LABELS.newCoupon}
        </Button>
      </Box>
      {list.error && (
        <Typography role="alert" sx={{ mb: 2 }}>
          {messageFor(list.error)}
        </Typography>
      )}
      <DataGrid
        aria-label={STUDIO_AREAS.coupons}
        autoHeight
        rows={list.data?.coupons ?? NO_COUPONS}
        getRowId={couponRowId}
        columns={couponColumns}
        loading={list.isFetching}
        initialState={FIRST_PAGE}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        disableColumnFilter
        disableRowSelectionOnClick
        // The CSP refuses eval: the grid's filters use their plain loop, without probing for eval first.
        disableEval
        localeText={LOCALE_TEXT}
      />
    </>
  );
}

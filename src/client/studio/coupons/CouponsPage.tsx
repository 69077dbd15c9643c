import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { messageFor } from '../../api/serverError';
import { StudioHead } from '../components/StudioHead';
import { studioPaths } from '../studioPaths';
import { couponColumns } from './couponColumns';
import { useListStudioCouponsQuery } from './studioCouponsApi';

/** Every coupon with its terms, uses and status now; the grid sorts and pages what the server sent. */
export default function CouponsPage() {
  const list = useListStudioCouponsQuery();
  return (
    <>
      <StudioHead title="Coupons" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          Coupons
        </Typography>
        <Button component={RouterLink} to={studioPaths.newCoupon} startIcon={<AddIcon />}>
          New coupon
        </Button>
      </Box>
      {list.error && (
        <Typography role="alert" sx={{ mb: 2 }}>
          {messageFor(list.error)}
        </Typography>
      )}
      <DataGrid
        aria-label="Coupons"
        autoHeight
        rows={list.data?.coupons ?? []}
        getRowId={(row) => row.code}
        columns={couponColumns}
        loading={list.isFetching}
        initialState={{ pagination: { paginationModel: { page: 0, pageSize: 25 } } }}
        pageSizeOptions={[10, 25, 50, 100]}
        disableColumnFilter
        disableRowSelectionOnClick
        // The CSP refuses eval: the grid's filters use their plain loop, without probing for eval first.
        disableEval
        localeText={{ noRowsLabel: 'No coupons yet.' }}
      />
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';

/** Spec "Profile" order history; rows arrive with checkout, until then the spec's empty state. */
export function OrderHistory() {
  return (
    <Box component="section" aria-labelledby="order-history-title" sx={{ mt: 5 }}>
      <Typography id="order-history-title" component="h2" variant="h5" sx={{ fontWeight: 800, mb: 2 }}>Order History</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center' }}>
        <Typography variant="h6" sx={{ fontWeight: 700 }}>No order history</Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>You haven't purchased access to any events yet</Typography>
        <Button component={Link} to={paths.events} variant="contained">Browse Events</Button>
      </Paper>
    </Box>
  );
}

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** While a screen's code or first answer is on its way. */
export function AreaLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

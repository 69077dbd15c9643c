import Box from '@mui/material/Box';
import { Link } from 'react-router-dom';

export function Wordmark({ to }: { to: string }) {
  return (
    <Box
      component={Link}
      to={to}
      aria-label="AllAccess home"
      sx={{
        color: 'text.primary',
        textDecoration: 'none',
        fontWeight: 900,
        fontSize: '1.25rem',
        letterSpacing: '-0.02em',
      }}
    >
      All
      <Box component="span" sx={{ color: 'primary.main' }}>
        Access
      </Box>
    </Box>
  );
}

import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { StudioHead } from '../components/StudioHead';
import { studioPaths } from '../studioPaths';

export function StudioNotFound() {
  return (
    <>
      <StudioHead title="Not found" />
      <Typography variant="h4" component="h1" gutterBottom>
        Not found
      </Typography>
      <Typography sx={{ mb: 2 }}>The studio has no such page.</Typography>
      <Link component={RouterLink} to={studioPaths.events}>
        Go to Events
      </Link>
    </>
  );
}

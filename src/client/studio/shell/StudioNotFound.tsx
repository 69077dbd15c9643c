import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { StudioHead } from '../components/StudioHead';
import { studioPaths } from '../studioPaths';

const TITLE = 'Not found';

export function StudioNotFound() {
  return (
    <>
      <StudioHead title={TITLE} />
      <Typography variant="h4" component="h1" gutterBottom>
        {TITLE}
      </Typography>
      <Typography sx={{ mb: 2 }}>The studio has no such page.</Typography>
      <Link component={RouterLink} to={studioPaths.events}>
        Go to Events
      </Link>
    </>
  );
}

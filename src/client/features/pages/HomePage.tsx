import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';

/** Placeholder home until the browse work brings the hero carousel and category rows. */
export default function HomePage() {
  return (
    <Box sx={{ py: { xs: 10, md: 16 }, background: 'radial-gradient(ellipse at top, rgba(255,61,127,0.25), transparent 60%)' }}>
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography variant="h2" component="h1" gutterBottom>Live music, every angle.</Typography>
        <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1.15rem' }}>
          Concerts streamed live and on demand, with up to nine cameras to choose from.
        </Typography>
        <Button component={Link} to={paths.events} variant="contained" size="large">Upcoming Events</Button>
      </Container>
    </Box>
  );
}

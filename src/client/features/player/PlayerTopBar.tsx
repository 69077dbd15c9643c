import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import type { AssetDetail } from '../../../shared/contract/catalog';
import { paths } from '../../lib/paths';
import { PLAYER_COPY } from './playerCopy';
import { PageHead } from '../../components/PageHead';
import { pageTitle } from '../../lib/pageHead';
import { LiveNowBadge } from '../../components/LiveNowBadge';

/** The way back to the event, and what is playing (the player has no site header). */
export function PlayerTopBar({ event, watching }: { event: AssetDetail; watching?: number | undefined }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1, md: 2 },
        px: { xs: 1, md: 2 },
        py: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <PageHead title={pageTitle(`${event.title} — Watch`)} noindex />
      <Button
        component={Link}
        to={paths.event(event.path)}
        variant="ghost"
        color="inherit"
        size="sm"
        startIcon={<ArrowBackIcon />}
        sx={{ flexShrink: 0 }}
      >
        {PLAYER_COPY.backToEvent}
      </Button>
      <Typography component="h1" variant="subtitle1" noWrap sx={{ fontWeight: 700, minWidth: 0 }}>
        {event.title}
      </Typography>
      {watching !== undefined && (
        <Box sx={{ ml: 'auto', flexShrink: 0 }}>
          <LiveNowBadge watching={watching} compact />
        </Box>
      )}
    </Box>
  );
}

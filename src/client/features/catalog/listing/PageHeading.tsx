import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SafeHtml } from '../../../components/SafeHtml';

export function PageHeading({ title, descriptionHtml }: { title: string; descriptionHtml?: string }) {
  return (
    <Box sx={{ mb: 4 }}>
      <Typography component="h1" variant="h3" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.8rem' } }}>
        {title}
      </Typography>
      {descriptionHtml && <SafeHtml html={descriptionHtml} sx={{ color: 'text.secondary', fontSize: '1.1rem' }} />}
    </Box>
  );
}

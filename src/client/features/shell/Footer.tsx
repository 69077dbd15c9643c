import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { FOOTER_LINK_ID } from '../../../shared/constants';
import { useGetFooterLinkQuery } from '../catalog/catalogApi';
import { socialLinks } from './navLinks';
import { Wordmark } from './Wordmark';

/**
 * docs/behaviour.md §2 "Frame": '/experience', the company links (Support, Contact, About, Terms, Privacy, as the
 * catalog's footer link set lists them: GET /footerlink/{id}) and the social icons. Until the set
 * arrives (or if it cannot), the rest of the footer shows; it sits last on the page, so nothing moves.
 */
export function Footer() {
  const { data: footer } = useGetFooterLinkQuery(FOOTER_LINK_ID);
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 8, py: 5, bgcolor: 'background.paper' }}>
      <Container maxWidth="xl">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Box>
            <Wordmark to={paths.home} />
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              Your All-Access Pass
            </Typography>
          </Box>
          <Box component="nav" aria-label="Footer">
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
              <Link component={RouterLink} to={paths.experience} color="inherit" underline="hover">
                The Experience
              </Link>
              {footer?.links.map((link) => (
                <Link
                  key={`${link.label} ${link.url}`}
                  href={link.url}
                  color="inherit"
                  underline="hover"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {link.label}
                </Link>
              ))}
            </Stack>
          </Box>
          <Stack direction="row" spacing={1}>
            <Button
              variant="ghost"
              size="icon"
              component="a"
              href={socialLinks.facebook}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Facebook"
              color="inherit"
            >
              <FacebookIcon />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              component="a"
              href={socialLinks.instagram}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Instagram"
              color="inherit"
            >
              <InstagramIcon />
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}

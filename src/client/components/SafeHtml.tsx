import Box, { type BoxProps } from '@mui/material/Box';
import { useMemo } from 'react';
import { purifier } from './purifier';

// Links from the catalog open in a new tab without handing it our window.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** The only way catalog HTML reaches the page: sanitized by DOMPurify (no scripts, handlers, styles, frames). */
export function SafeHtml({ html, ...box }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML' | 'children'>) {
  const clean = useMemo(
    () =>
      purifier.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button'],
        FORBID_ATTR: ['style'],
      }),
    [html],
  );
  return (
    <Box
      {...box}
      sx={{
        '& a': { color: 'primary.main' },
        '& ul': { pl: 3 },
        '& h2, & h3': { mt: 3, mb: 1 },
        '& p': { my: 1.25 },
        ...box.sx,
      }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

import type { SxProps, Theme } from '@mui/material/styles';
import { srOnly } from '../../components/srOnly';

/**
 * The order history's look. From tablet width up, a table that fits its box (it wraps rather than
 * scrolls). Below that, the same table drawn as one card per order: the events bought on top, then a
 * line per column, its name beside its value. The names come from each cell's `data-label` as
 * generated content with an empty alternative text (`/ ""`), so screen readers, which still have the
 * table and its column headers, do not hear every name twice.
 */
export const orderCardsBelowMd: SxProps<Theme> = (theme) => ({
  overflowX: 'auto',
  // Seven columns in the profile's width: narrower gaps leave the events their room.
  [theme.breakpoints.up('md')]: {
    '& th, & td': { px: 1 },
    '& th:first-child, & td:first-child': { pl: 2 },
    '& th:last-child, & td:last-child': { pr: 2 },
    '& td[data-events]': { minWidth: '10em' },
  },
  [theme.breakpoints.down('md')]: {
    overflowX: 'visible',
    border: 0,
    bgcolor: 'transparent',
    // Off screen but read: the column headers stay the table's for screen readers.
    '& thead': srOnly,
    '& table, & tbody': { display: 'block' },
    '& tbody tr': {
      display: 'flex',
      flexDirection: 'column',
      p: 2,
      mb: 1.5,
      border: 1,
      borderColor: 'divider',
      borderRadius: 2,
      bgcolor: 'background.paper',
    },
    '& tbody th, & tbody td': {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'baseline',
      gap: 2,
      p: 0,
      py: 0.5,
      border: 0,
      textAlign: 'right',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      '&::before': {
        content: 'attr(data-label) / ""',
        flexShrink: 0,
        textAlign: 'left',
        color: 'text.secondary',
      },
    },
    // The events bought are the card's heading line: first, left-aligned, without a column name.
    '& tbody td[data-events]': {
      order: -1,
      display: 'block',
      textAlign: 'left',
      fontSize: '1rem',
      pb: 1,
      mb: 0.5,
      borderBottom: 1,
      borderColor: 'divider',
      '&::before': { content: 'none' },
    },
  },
});

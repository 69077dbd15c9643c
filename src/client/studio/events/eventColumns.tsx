import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import type { StudioEventRow } from '../../../shared/contract/studioEvents';
import { formatDollars, formatInstant } from '../components/studioFormat';
import { STUDIO_MESSAGES } from '../../lib/studioMessages';

/** The list's columns; `actions` is the row's menu (EventsPage). Sortable ones are the server's sorts. */
export function eventColumns(actions: GridColDef<StudioEventRow>): GridColDef<StudioEventRow>[] {
  return [
    { field: 'title', headerName: 'Title', flex: 2, minWidth: 180 },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip size="small" label={row.status === 'published' ? 'Published' : 'Draft'} variant="outlined" />
      ),
    },
    {
      field: 'airStartDate',
      headerName: 'Date (venue time)',
      flex: 1.5,
      minWidth: 190,
      valueFormatter: (_v, row) =>
        row.airStartDate ? formatInstant(row.airStartDate, row.venueTimeZone) : STUDIO_MESSAGES.noDate,
    },
    {
      field: 'contentType',
      headerName: 'Type',
      width: 110,
      sortable: false,
      valueFormatter: (_v, row) => `${row.contentType}${row.isPremium ? ' · premium' : ''}`,
    },
    {
      field: 'price',
      headerName: 'Price',
      width: 100,
      sortable: false,
      valueFormatter: (_v, row) => formatDollars(row.price || null),
    },
    {
      field: 'sold',
      headerName: 'Sold / capacity',
      width: 140,
      valueFormatter: (_v, row) => `${row.sold} / ${row.capacity ?? '∞'}`,
    },
    actions,
  ];
}

/** Grid sort field → the server's `sort` names (shared/contract/studioEvents.ts EVENT_SORTS). */
export const SORT_FIELDS: Record<string, 'airDate' | 'title' | 'sold'> = {
  airStartDate: 'airDate',
  title: 'title',
  sold: 'sold',
};

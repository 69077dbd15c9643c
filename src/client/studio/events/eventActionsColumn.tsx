import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import LiveTvIcon from '@mui/icons-material/LiveTv';
import PublicIcon from '@mui/icons-material/Public';
import PublicOffIcon from '@mui/icons-material/PublicOff';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { StudioEventRow } from '../../../shared/contract/studioEvents';
import type { useDownloadAttendees } from './attendeesCsv';
import type { useEventActions } from './useEventActions';
import { STUDIO_MESSAGES } from '../../lib/studioMessages';
import { EVENT_LABELS } from './eventLabels';

type Deps = Pick<ReturnType<typeof useEventActions>, 'act' | 'askDelete'> & {
  attendees: ReturnType<typeof useDownloadAttendees>;
  edit: (id: number) => void;
  /** Opens a 'Live' event's control room. */
  live: (id: number) => void;
};

/**
 * Edit and Publish/Unpublish on the row; Duplicate, the attendees CSV and Delete in its menu. Every
 * item is a GridActionsCellItem itself (no wrapper): the grid hands them the roving tab index, so
 * the whole grid stays one stop in the tab order and the arrows move between the actions.
 */
export function eventActionsColumn({ act, askDelete, attendees, edit, live }: Deps): GridColDef<StudioEventRow> {
  return {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 130,
    getActions: ({ row }) => [
      <GridActionsCellItem key="edit" icon={<EditIcon />} label="Edit" onClick={() => edit(row.id)} />,
      row.status === 'published' ? (
        <GridActionsCellItem
          key="publish"
          icon={<PublicOffIcon />}
          label="Unpublish"
          onClick={() => void act(row, 'unpublish')}
        />
      ) : (
        <GridActionsCellItem
          key="publish"
          icon={<PublicIcon />}
          label="Publish"
          onClick={() => void act(row, 'publish')}
        />
      ),
      ...(row.contentType === 'Live'
        ? [
            <GridActionsCellItem
              key="live"
              icon={<LiveTvIcon />}
              label={STUDIO_MESSAGES.liveControlRoom}
              showInMenu
              onClick={() => live(row.id)}
            />,
          ]
        : []),
      <GridActionsCellItem
        key="duplicate"
        icon={<ContentCopyIcon />}
        label="Duplicate"
        showInMenu
        onClick={() => void act(row, 'duplicate')}
      />,
      <GridActionsCellItem
        key="attendees"
        icon={<DownloadIcon />}
        label={EVENT_LABELS.downloadAttendees}
        showInMenu
        disabled={attendees.busyId === row.id}
        onClick={() => void attendees.download(row.id)}
      />,
      <GridActionsCellItem
        key="delete"
        icon={<DeleteIcon />}
        label="Delete"
        showInMenu
        onClick={() => askDelete(row)}
      />,
    ],
  };
}

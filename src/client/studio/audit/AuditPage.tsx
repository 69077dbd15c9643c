import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messageFor } from '../../api/serverError';
import { AreaLoading } from '../components/AreaLoading';
import { ScrollingTable } from '../components/ScrollingTable';
import { StudioHead } from '../components/StudioHead';
import { useGetAuditPageQuery } from './auditApi';
import { AuditTable } from './AuditTable';
import { STUDIO_AREAS } from '../../lib/studioMessages';

/**
 * Every organizer action, newest first. "Older" asks for the entries before the last one shown;
 * "Newer" goes back up the pages already seen (their cursors are kept, so no entry is skipped).
 */
export default function AuditPage() {
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors[cursors.length - 1];
  const page = useGetAuditPageQuery(before === undefined ? {} : { before });
  const entries = page.data?.entries ?? [];
  const last = entries[entries.length - 1];

  return (
    <>
      <StudioHead title={STUDIO_AREAS.audit} />
      <Typography variant="h4" component="h1" gutterBottom>
        {STUDIO_AREAS.audit}
      </Typography>
      {page.error ? (
        <Typography role="alert">{messageFor(page.error)}</Typography>
      ) : page.isFetching && !page.data ? (
        <AreaLoading />
      ) : entries.length === 0 ? (
        <Typography>No organizer action yet.</Typography>
      ) : (
        <Paper variant="outlined">
          <ScrollingTable label="Audit entries">
            <AuditTable entries={entries} caption={STUDIO_AREAS.audit} />
          </ScrollingTable>
        </Paper>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button variant="outline" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Newer
        </Button>
        <Button
          variant="outline"
          disabled={!page.data?.hasMore || !last || page.isFetching}
          onClick={() => last && setCursors((c) => [...c, last.id])}
        >
          Older
        </Button>
      </Box>
    </>
  );
}

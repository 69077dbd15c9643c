import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { auditChanges } from './auditChanges';

/** "field: before → after", one line per changed field, in a monospace face so values line up. */
export function AuditChangeList({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <Typography variant="body2">No change recorded</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: 13 }}>
      {changes.map((c) => (
        <Box component="li" key={c.field} sx={{ overflowWrap: 'anywhere' }}>
          {c.field && <strong>{c.field}: </strong>}
          {c.before ?? '—'} → {c.after ?? '—'}
        </Box>
      ))}
    </Box>
  );
}

import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AuditEntry } from '../../../shared/contract/studio';
import { formatInstant } from '../components/studioFormat';
import { AuditChangeList } from './AuditChangeList';

/** Audit entries as a table: when, who, action, subject, and what changed. Shared by the log and an order. */
export function AuditTable({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Who</TableCell>
          <TableCell>Action</TableCell>
          <TableCell>Subject</TableCell>
          <TableCell>Before → after</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(e.at)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.actorEmail}</TableCell>
            <TableCell>{e.action}</TableCell>
            <TableCell>
              {e.subjectType} {e.subjectId}
            </TableCell>
            <TableCell sx={{ minWidth: 220 }}>
              <AuditChangeList before={e.before} after={e.after} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { StudioGuarantees } from '../../../shared/contract/guarantee';
import { messageFor } from '../../api/serverError';
import { AreaLoading } from '../components/AreaLoading';
import { ScrollingTable } from '../components/ScrollingTable';
import { StudioHead } from '../components/StudioHead';
import { formatInstant } from '../components/studioFormat';
import { StudioNotFound } from '../shell/StudioNotFound';
import { studioPaths } from '../studioPaths';
import { evidenceLine, GUARANTEES_TITLE, REMEDY_LABEL, RULE_LABEL } from './guaranteeLabels';
import { useGetStudioGuaranteesQuery } from './studioGuaranteesApi';
import { STUDIO_MESSAGES } from '../../lib/studioMessages';

/** The guaranteed view of one event (/studio/events/:id/guarantees): every ticket made good, and why. */
export default function GuaranteesPage() {
  const { eventId } = useParams();
  const id = Number(eventId);
  const valid = Number.isInteger(id) && id > 0;
  const list = useGetStudioGuaranteesQuery(valid ? id : skipToken, { refetchOnMountOrArgChange: true });
  if (!valid) return <StudioNotFound />;
  return (
    <>
      <StudioHead title={GUARANTEES_TITLE} />
      <Button component={RouterLink} to={studioPaths.event(id)} variant="ghost" size="sm" startIcon={<ArrowBackIcon />}>
        {STUDIO_MESSAGES.editTheEvent}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mt: 1 }}>
        {GUARANTEES_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Ticket holders whose live show went wrong by our fault: their replay was extended and they were offered a refund
        or a credit. The thresholds are the event&apos;s own settings.
      </Typography>
      {list.data?.eventId === id ? (
        <Decisions list={list.data} />
      ) : list.error ? (
        <Typography role="alert" sx={{ mt: 2 }}>
          {messageFor(list.error)}
        </Typography>
      ) : (
        <AreaLoading label="Loading the guaranteed view" />
      )}
    </>
  );
}

function Decisions({ list }: { list: StudioGuarantees }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, mt: 3 }} aria-labelledby="guarantee-decisions">
      <Typography id="guarantee-decisions" variant="h6" component="h2" gutterBottom>
        Decisions
      </Typography>
      {list.guarantees.length === 0 ? (
        <Typography>Nobody&apos;s show went wrong: no ticket was made good.</Typography>
      ) : (
        <ScrollingTable label="Decisions">
          <Table size="small" aria-label="Decisions">
            <TableHead>
              <TableRow>
                <TableCell>E-mail</TableCell>
                <TableCell>Rule</TableCell>
                <TableCell>Evidence</TableCell>
                <TableCell>Decided</TableCell>
                <TableCell>Replay until</TableCell>
                <TableCell>Remedy</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.guarantees.map((g) => (
                <TableRow key={g.email} data-testid="guarantee-row">
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{g.email}</TableCell>
                  <TableCell data-rule={g.rule}>{RULE_LABEL[g.rule]}</TableCell>
                  <TableCell>{evidenceLine(g)}</TableCell>
                  <TableCell>{formatInstant(g.decidedAt)}</TableCell>
                  <TableCell>{g.replayUntil ? formatInstant(g.replayUntil) : 'Stays (no replay window)'}</TableCell>
                  <TableCell>
                    {g.remedy
                      ? `${REMEDY_LABEL[g.remedy]}, ${formatInstant(g.remedyAt!)}`
                      : g.mailed
                        ? 'Not chosen yet'
                        : 'Mail pending'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollingTable>
      )}
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SalesEventRow } from '../../../shared/contract/studioSales';
import { messageFor } from '../../api/serverError';
import { AreaLoading } from '../components/AreaLoading';
import { SelectField } from '../components/SelectField';
import { ScrollingTable } from '../components/ScrollingTable';
import { StudioHead } from '../components/StudioHead';
import { formatDollars } from '../components/studioFormat';
import { useGetSalesDashboardQuery } from './salesApi';
import { SalesChart } from './SalesChart';
import { SalesFigures } from './SalesFigures';
import { STUDIO_AREAS, STUDIO_MESSAGES } from '../../lib/studioMessages';
import { SALES_LABELS } from './salesLabels';

/** Sales overall or for one event: the figures, sales over time, and each event's share. */
export default function SalesPage() {
  const [eventId, setEventId] = useState('');
  const overall = useGetSalesDashboardQuery({});
  const chosen = useGetSalesDashboardQuery({ eventId: Number(eventId) }, { skip: eventId === '' });
  const shown = eventId === '' ? overall : chosen;
  const options = [
    { value: '', label: 'All events' },
    ...(overall.data?.events ?? []).map((e) => ({ value: String(e.eventId), label: e.title })),
  ];

  return (
    <>
      <StudioHead title={STUDIO_AREAS.sales} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {STUDIO_AREAS.sales}
        </Typography>
        <SelectField label="Event" value={eventId} options={options} onChange={setEventId} minWidth={260} />
      </Box>
      {shown.error ? (
        <Typography role="alert">{messageFor(shown.error)}</Typography>
      ) : !shown.data ? (
        <AreaLoading label="Loading the figures" />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <SalesFigures totals={shown.data.totals} />
          <Paper component="section" variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Sales over time
            </Typography>
            <SalesChart series={shown.data.series} />
          </Paper>
          {eventId === '' && <EventsTable rows={shown.data.events} />}
        </Box>
      )}
    </>
  );
}

function EventsTable({ rows }: { rows: SalesEventRow[] }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        By event
      </Typography>
      <ScrollingTable label={SALES_LABELS.salesByEvent}>
        <Table size="small" aria-label={SALES_LABELS.salesByEvent}>
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell align="right">Sold</TableCell>
              <TableCell align="right">{SALES_LABELS.capacityLeft}</TableCell>
              <TableCell align="right">Revenue</TableCell>
              <TableCell align="right">Refunds</TableCell>
              <TableCell align="right">{SALES_LABELS.couponUses}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.eventId}>
                <TableCell>{r.title}</TableCell>
                <TableCell align="right">{r.sold}</TableCell>
                <TableCell align="right">{r.capacityLeft ?? STUDIO_MESSAGES.noLimit}</TableCell>
                <TableCell align="right">{formatDollars(r.revenue)}</TableCell>
                <TableCell align="right">{r.refunds.count}</TableCell>
                <TableCell align="right">{r.couponUses}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollingTable>
    </Paper>
  );
}

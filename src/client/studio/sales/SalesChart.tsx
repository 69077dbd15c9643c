import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { SalesDay } from '../../../shared/contract/studioSales';
import { formatDollars } from '../components/studioFormat';

/**
 * Tickets and revenue per day (UTC days, as the server counts them), with the same figures as a
 * table behind a disclosure for anyone who does not read the chart.
 */
export function SalesChart({ series }: { series: SalesDay[] }) {
  if (series.length === 0) return <Typography>No sales yet.</Typography>;
  return (
    <Box>
      <Box role="img" aria-label={`Sales per day, ${series[0]!.date} to ${series[series.length - 1]!.date}`}>
        <LineChart
          height={300}
          xAxis={[{ data: series.map((d) => d.date), scaleType: 'point' }]}
          yAxis={[
            { id: 'tickets', label: 'Tickets' },
            { id: 'revenue', label: 'Revenue ($)', position: 'right' },
          ]}
          series={[
            { data: series.map((d) => d.tickets), label: 'Tickets', yAxisId: 'tickets' },
            {
              data: series.map((d) => d.revenue),
              label: 'Revenue',
              yAxisId: 'revenue',
              valueFormatter: (v) => formatDollars(v ?? 0),
            },
          ]}
        />
      </Box>
      <details>
        <summary>Show sales per day as a table</summary>
        <Table size="small" aria-label="Sales per day">
          <TableHead>
            <TableRow>
              <TableCell>Day (UTC)</TableCell>
              <TableCell align="right">Tickets</TableCell>
              <TableCell align="right">Revenue</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {series.map((d) => (
              <TableRow key={d.date}>
                <TableCell>{d.date}</TableCell>
                <TableCell align="right">{d.tickets}</TableCell>
                <TableCell align="right">{formatDollars(d.revenue)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </Box>
  );
}

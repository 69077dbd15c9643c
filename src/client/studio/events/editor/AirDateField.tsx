import Box from '@mui/material/Box';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { SelectField } from '../../components/SelectField';
import { zoneOptions } from './timeZones';

/**
 * The air date and time as the venue's clock shows it, and the venue's time zone: the server turns
 * the pair into the UTC instant it stores. The picker's Date only carries the wall time.
 */
export function AirDateField({
  date,
  zone,
  onDate,
  onZone,
  error,
}: {
  date: Date | null;
  zone: string;
  onDate: (date: Date | null) => void;
  onZone: (zone: string) => void;
  error?: string;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <DateTimePicker
        label="Air date and time (venue time)"
        value={date}
        onChange={onDate}
        ampm={false}
        slotProps={{
          textField: { error: !!error, helperText: error ?? 'Leave empty for an on-demand video.' },
          field: { clearable: true },
        }}
      />
      <SelectField label="Venue time zone" value={zone} options={zoneOptions(zone)} onChange={onZone} minWidth={220} />
    </Box>
  );
}

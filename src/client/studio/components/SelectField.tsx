import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';

type Option = { value: string; label: string };

/** A labelled select (the label is the control's accessible name). */
export function SelectField({
  label,
  value,
  options,
  onChange,
  minWidth = 160,
  fullWidth,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  minWidth?: number;
  fullWidth?: boolean;
}) {
  const id = useId();
  return (
    <FormControl sx={{ minWidth }} fullWidth={fullWidth}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select labelId={`${id}-label`} id={id} label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import type { StudioCategoryOption } from '../../../../shared/contract/studioEvents';
import { TextInput } from '../../../components/TextInput';
import type { EventFormValues } from './eventForm';

type Placement = EventFormValues['categories'][number];

/** The categories the event is listed in, and its place in each listing (smaller first). */
export function CategoriesField({
  options,
  value,
  onChange,
  error,
}: {
  options: StudioCategoryOption[];
  value: Placement[];
  onChange: (value: Placement[]) => void;
  error?: string;
}) {
  const byId = new Map(options.map((o) => [o.id, o]));
  const chosen = value.map((p) => byId.get(p.categoryId)).filter((o): o is StudioCategoryOption => !!o);
  return (
    <Box>
      <Autocomplete
        multiple
        options={options}
        value={chosen}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, next) =>
          onChange(next.map((o) => value.find((p) => p.categoryId === o.id) ?? { categoryId: o.id, order: '0' }))
        }
        renderInput={(params) => <TextField {...params} label="Categories" />}
      />
      {value.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
          {value.map((p) => (
            <TextInput
              key={p.categoryId}
              label={`Order in ${byId.get(p.categoryId)?.label ?? `category ${p.categoryId}`}`}
              value={p.order}
              error={!!error && !/^-?\d+$/.test(p.order.trim())}
              htmlInput={{ inputMode: 'numeric' }}
              onChange={(e) =>
                onChange(value.map((q) => (q.categoryId === p.categoryId ? { ...q, order: e.target.value } : q)))
              }
            />
          ))}
        </Box>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

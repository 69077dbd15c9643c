import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { StudioCoupon } from '../../../shared/contract/studioCoupons';
import { useDebounced } from '../components/useDebounced';
import { useListStudioEventsQuery } from '../events/studioEventsApi';
import { STUDIO_MESSAGES } from '../../lib/studioMessages';

type EventChoice = StudioCoupon['events'][number];

/** The events a coupon takes money off, found by title as the organizer types; none chosen: every event. */
export function CouponEventsField({ value, onChange }: { value: EventChoice[]; onChange: (v: EventChoice[]) => void }) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const list = useListStudioEventsQuery({ ...(search ? { search } : {}), limit: 100 });
  const options: EventChoice[] = (list.data?.rows ?? []).map((r) => ({ id: r.id, title: r.title }));
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      filterOptions={(o) => o}
      loading={list.isFetching}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      onChange={(_e, next) => onChange(next)}
      noOptionsText={STUDIO_MESSAGES.noEventMatches}
      renderInput={(params) => <TextField {...params} label="Events" helperText="Leave empty for every event." />}
    />
  );
}

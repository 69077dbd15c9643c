import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CONTENT_TYPES, EVENT_TEXT_MAX } from '../../../../shared/contract/studioEvents';
import { TextInput } from '../../../components/TextInput';
import { SelectField } from '../../components/SelectField';
import { useListStudioCategoriesQuery, useListStudioSubscriptionsQuery } from '../studioEventsApi';
import { AfterPurchaseFields } from './AfterPurchaseFields';
import { AirDateField } from './AirDateField';
import { CategoriesField } from './CategoriesField';
import type { EventFormErrors, EventFormValues } from './eventForm';
import { ImageUpload } from './ImageUpload';
import { RichTextEditor } from './RichTextEditor';

type Props = {
  values: EventFormValues;
  change: (patch: Partial<EventFormValues>) => void;
  errors: EventFormErrors;
  /** The saved event's id (null for a new one): its settings link to its guaranteed view. */
  eventId?: number | null;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Every field of the contract's event, in sections. */
export function EventFormFields({ values: v, change, errors, eventId = null }: Props) {
  const categories = useListStudioCategoriesQuery();
  const subscriptions = useListStudioSubscriptionsQuery();
  const text = (field: 'title' | 'label' | 'venue' | 'location', label: string, required = false) => (
    <TextInput
      label={label}
      value={v[field]}
      required={required}
      fullWidth
      error={field === 'title' && !!errors.title}
      helperText={field === 'title' ? errors.title : undefined}
      htmlInput={{ maxLength: EVENT_TEXT_MAX[field] }}
      onChange={(e) => change({ [field]: e.target.value })}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Section title="Details">
        {text('title', 'Title', true)}
        {text('label', 'Label')}
        <RichTextEditor label="Description" value={v.description} onChange={(description) => change({ description })} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          {text('venue', 'Venue')}
          {text('location', 'Location')}
        </Box>
      </Section>
      <Section title="When">
        <AirDateField
          date={v.airDate}
          zone={v.venueTimeZone}
          onDate={(airDate) => change({ airDate })}
          onZone={(venueTimeZone) => change({ venueTimeZone })}
          error={errors.airDate}
        />
        <SelectField
          label="Content type"
          value={v.contentType}
          options={CONTENT_TYPES.map((t) => ({ value: t, label: t === 'Live' ? 'Live show' : 'On demand (VOD)' }))}
          onChange={(contentType) => change({ contentType: contentType as EventFormValues['contentType'] })}
        />
      </Section>
      <Section title="Tickets">
        <FormControlLabel
          control={<Switch checked={v.isPremium} onChange={(e) => change({ isPremium: e.target.checked })} />}
          label="Premium (paid ticket)"
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextInput
            label="Price (dollars)"
            value={v.price}
            error={!!errors.price}
            helperText={errors.price ?? 'Empty for free.'}
            htmlInput={{ inputMode: 'decimal' }}
            onChange={(e) => change({ price: e.target.value })}
          />
          <TextInput
            label="Capacity"
            value={v.capacity}
            error={!!errors.capacity}
            helperText={errors.capacity ?? 'Empty for no limit.'}
            htmlInput={{ inputMode: 'numeric' }}
            onChange={(e) => change({ capacity: e.target.value })}
          />
        </Box>
        <SelectField
          label="What's included"
          value={v.subscriptionId}
          fullWidth
          options={[
            { value: '', label: 'Nothing listed' },
            ...(subscriptions.data ?? []).map((s) => ({ value: String(s.id), label: s.title })),
          ]}
          onChange={(subscriptionId) => change({ subscriptionId })}
        />
      </Section>
      <Section title="Listing">
        <CategoriesField
          options={categories.data ?? []}
          value={v.categories}
          onChange={(next) => change({ categories: next })}
          error={errors.categories}
        />
        <ImageUpload
          kind="poster"
          label="Poster"
          path={v.posterPath}
          onUploaded={(posterPath) => change({ posterPath })}
        />
      </Section>
      <Section title="After the purchase">
        <AfterPurchaseFields
          values={v.afterPurchase}
          errors={errors.afterPurchase ?? {}}
          onChange={(afterPurchase) => change({ afterPurchase })}
          eventId={eventId}
        />
      </Section>
      <Section title="Carousel slide">
        <FormControlLabel
          control={
            <Switch
              checked={v.slide.enabled}
              onChange={(e) => change({ slide: { ...v.slide, enabled: e.target.checked } })}
            />
          }
          label="Show a slide in the home page carousel"
        />
        <TextInput
          label="Slide text"
          value={v.slide.description}
          fullWidth
          htmlInput={{ maxLength: 2000 }}
          onChange={(e) => change({ slide: { ...v.slide, description: e.target.value } })}
        />
        <ImageUpload
          kind="slide"
          label="Slide image"
          path={v.slide.imagePath}
          error={errors.slide}
          onUploaded={(imagePath) => change({ slide: { ...v.slide, imagePath } })}
        />
      </Section>
    </Box>
  );
}

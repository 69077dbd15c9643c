import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AFTER_PURCHASE_DEFAULTS, type AfterPurchaseKey } from '../../../../shared/contract/afterPurchase';
import { TextInput } from '../../../components/TextInput';
import { studioPaths } from '../../studioPaths';
import type { AfterPurchaseErrors, AfterPurchaseValues } from './afterPurchaseForm';

const D = AFTER_PURCHASE_DEFAULTS;
/** Each setting's label and its help (the default named), in the order shown. */
const FIELDS: { key: AfterPurchaseKey; label: string; help: string; decimal?: true }[] = [
  { key: 'cancelCutoffHours', label: 'Cancel cutoff (hours before air)', help: `Default ${D.cancelCutoffHours}.` },
  { key: 'replayDays', label: 'Replay window (days after the show)', help: 'Empty: the replay stays.' },
  { key: 'waitlistHoldMinutes', label: 'Waiting-list hold (minutes)', help: `Default ${D.waitlistHoldMinutes}.` },
  {
    key: 'guaranteeStartupSeconds',
    label: 'Guaranteed view: startup limit (seconds)',
    help: `No first frame within this long. Default ${D.guaranteeStartupSeconds}.`,
  },
  {
    key: 'guaranteeStallPercent',
    label: 'Guaranteed view: stall share (%)',
    help: `More of the watching time stalled. Default ${D.guaranteeStallPercent}.`,
    decimal: true,
  },
  {
    key: 'guaranteeExtensionDays',
    label: 'Guaranteed view: replay extension (days)',
    help: `Default ${D.guaranteeExtensionDays}.`,
  },
];

/**
 * The event editor's 'After the purchase' section (docs/decisions.md "After the purchase"): how late a
 * fan may cancel, how long the replay stays, how long a waiting-list seat is held, and when the
 * guaranteed view makes a ticket good. A saved event links to its guaranteed view's decisions.
 */
export function AfterPurchaseFields({
  values,
  errors,
  onChange,
  eventId,
}: {
  values: AfterPurchaseValues;
  errors: AfterPurchaseErrors;
  onChange: (next: AfterPurchaseValues) => void;
  eventId: number | null;
}) {
  return (
    <>
      <Typography color="text.secondary">
        A fan whose live show would not start, was refused by our fault, or stalled too much gets the replay extended
        and a refund or a credit offered, once per ticket.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {FIELDS.map((f) => (
          <TextInput
            key={f.key}
            label={f.label}
            value={values[f.key]}
            error={!!errors[f.key]}
            helperText={errors[f.key] ?? f.help}
            htmlInput={{ inputMode: f.decimal ? 'decimal' : 'numeric', 'data-setting': f.key }}
            onChange={(e) => onChange({ ...values, [f.key]: e.target.value })}
          />
        ))}
      </Box>
      {eventId !== null && (
        <Link component={RouterLink} to={studioPaths.eventGuarantees(eventId)}>
          See the guaranteed view&apos;s decisions for this event
        </Link>
      )}
    </>
  );
}

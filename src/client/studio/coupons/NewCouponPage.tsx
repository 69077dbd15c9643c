import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS } from 'date-fns/locale/en-US';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { STUDIO_COUPON_MESSAGES } from '../../../shared/contract/studioCoupons';
import { messageFor } from '../../api/serverError';
import { TextInput } from '../../components/TextInput';
import { toast } from '../../lib/toast';
import { StudioHead } from '../components/StudioHead';
import { studioPaths } from '../studioPaths';
import { CouponEventsField } from './CouponEventsField';
import { emptyCouponForm, toCouponBody, type CouponFormErrors, type CouponFormValues } from './couponForm';
import { useCreateStudioCouponMutation } from './studioCouponsApi';
import { STUDIO_MESSAGES } from '../../lib/studioMessages';
import { COUPON_LABELS } from './couponLabels';

/**
 * A new coupon (/studio/coupons/new). A refusal (400 with the server's sentence, 409 when the code
 * exists) is shown beside the form and every value stays as typed; created, it opens the coupon.
 */
export default function NewCouponPage() {
  const [values, setValues] = useState<CouponFormValues>(emptyCouponForm);
  const [errors, setErrors] = useState<CouponFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [create, creating] = useCreateStudioCouponMutation();
  const navigate = useNavigate();
  const kindId = useId();
  const change = (patch: Partial<CouponFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const text = (key: 'code' | 'percentOff' | 'amountOff' | 'maxRedemptions' | 'perUserLimit') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => change({ [key]: e.target.value }),
    error: !!errors[key],
    helperText: errors[key],
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (creating.isLoading) return;
    const checked = toCouponBody(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setRefusal(STUDIO_MESSAGES.checkFields);
      return;
    }
    setErrors({});
    setRefusal(null);
    try {
      const coupon = await create(checked.body).unwrap();
      toast.success(STUDIO_COUPON_MESSAGES.created);
      void navigate(studioPaths.coupon(coupon.code));
    } catch (err) {
      setRefusal(messageFor(err));
    }
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
      <StudioHead title={COUPON_LABELS.newCoupon} />
      <Button component={RouterLink} to={studioPaths.coupons} variant="ghost" size="sm" startIcon={<ArrowBackIcon />}>
        {COUPON_LABELS.allCoupons}
      </Button>
      <Box
        component="form"
        noValidate
        aria-label={COUPON_LABELS.newCoupon}
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'grid', gap: 3, mt: 1, maxWidth: 720 }}
      >
        <Typography variant="h4" component="h1">
          {COUPON_LABELS.newCoupon}
        </Typography>
        <TextInput
          label="Code"
          {...text('code')}
          helperText={errors.code ?? '3 to 32 letters, digits, - or _. Buyers type it; kept in capitals.'}
          htmlInput={{ autoCapitalize: 'characters', spellCheck: false }}
        />
        <FormControl component="fieldset">
          <FormLabel component="legend" id={kindId}>
            Discount
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={kindId}
            value={values.kind}
            onChange={(e) => change({ kind: e.target.value as CouponFormValues['kind'] })}
          >
            <FormControlLabel value="percent" control={<Radio />} label="Percent off" />
            <FormControlLabel value="fixed" control={<Radio />} label="Amount off" />
          </RadioGroup>
        </FormControl>
        {values.kind === 'percent' ? (
          <TextInput label="Percent off (1–100)" {...text('percentOff')} htmlInput={{ inputMode: 'numeric' }} />
        ) : (
          <TextInput label="Amount off (dollars)" {...text('amountOff')} htmlInput={{ inputMode: 'decimal' }} />
        )}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextInput
            label="Total uses"
            {...text('maxRedemptions')}
            helperText={errors.maxRedemptions ?? COUPON_LABELS.emptyNoLimit}
            htmlInput={{ inputMode: 'numeric' }}
          />
          <TextInput
            label={COUPON_LABELS.usesPerBuyer}
            {...text('perUserLimit')}
            helperText={errors.perUserLimit ?? COUPON_LABELS.emptyNoLimit}
            htmlInput={{ inputMode: 'numeric' }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <DateTimePicker
            label="Starts"
            value={values.startsAt}
            onChange={(d) => change({ startsAt: d })}
            ampm={false}
            slotProps={{
              textField: { error: !!errors.startsAt, helperText: errors.startsAt ?? 'Empty: from now.' },
              field: { clearable: true },
            }}
          />
          <DateTimePicker
            label="Expires"
            value={values.expiresAt}
            onChange={(d) => change({ expiresAt: d })}
            disablePast
            ampm={false}
            slotProps={{
              textField: { error: !!errors.expiresAt, helperText: errors.expiresAt ?? 'Empty: never.' },
              field: { clearable: true },
            }}
          />
        </Box>
        <CouponEventsField value={values.events} onChange={(events) => change({ events })} />
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        <Box>
          <Button type="submit" disabled={creating.isLoading}>
            Create coupon
          </Button>
        </Box>
      </Box>
    </LocalizationProvider>
  );
}

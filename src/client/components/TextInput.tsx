import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type Props = {
  label?: ReactNode;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  id?: string;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  inputRef?: Ref<HTMLInputElement>;
  /** Attributes of the `<input>` itself (TextField's `slotProps.htmlInput`). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}` | `aria-${string}`, unknown>;
};

/**
 * An outlined text field: MUI's TextField as its documentation composes it (FormControl, InputLabel,
 * OutlinedInput, FormHelperText), with the same markup, ids and labelling. TextField itself imports
 * Select (with Menu, Popover and three input variants) for its `select` prop, which no form here
 * uses: composing it keeps 120 KiB of unused code off the sign-in, cart, checkout and profile screens.
 */
export function TextInput({
  label,
  id: idProp,
  helperText,
  htmlInput,
  fullWidth,
  margin,
  required,
  disabled,
  error,
  ...input
}: Props) {
  const generated = useId();
  const id = idProp ?? generated;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const labelId = label ? `${id}-label` : undefined;
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      margin={margin}
      required={required}
      disabled={disabled}
      error={error}
    >
      {label ? (
        <InputLabel htmlFor={id} id={labelId}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
        inputProps={htmlInput}
        {...input}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

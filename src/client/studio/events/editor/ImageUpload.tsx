import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import { useId, useState, type ChangeEvent } from 'react';
import { IMAGE_CONTENT_TYPES, type ImageKind } from '../../../../shared/contract/studioEvents';
import { messageFor } from '../../../api/serverError';
import { focusRing } from '../../../components/focusRing';
import { srOnly } from '../../../components/srOnly';
import { useUploadStudioImageMutation } from '../studioEventsApi';

/**
 * A poster or slide image: the chosen file goes to the server as it is (POST /v1/studio/images),
 * which checks what it really is, makes the sizes and answers the address the form keeps. The
 * server's sentence shows under the button when it refuses the file.
 */
export function ImageUpload({
  kind,
  label,
  path,
  onUploaded,
  error,
}: {
  kind: ImageKind;
  label: string;
  path: string;
  onUploaded: (path: string) => void;
  error?: string;
}) {
  const [upload, uploading] = useUploadStudioImageMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const helpId = useId();
  const message = refused ?? error ?? null;

  const chosen = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setRefused(null);
    try {
      const image = await upload({ kind, file }).unwrap();
      onUploaded(image.path);
    } catch (err) {
      setRefused(messageFor(err, 'The image could not be uploaded. Please try again.'));
    }
  };

  return (
    <Box>
      {path && (
        <Box
          component="img"
          src={path}
          alt={`${label} preview`}
          sx={{
            display: 'block',
            width: '100%',
            maxWidth: 360,
            aspectRatio: kind === 'poster' ? '1200 / 630' : '16 / 9',
            objectFit: 'cover',
            borderRadius: 1,
            mb: 1,
          }}
        />
      )}
      {/* The label names the file input and is its face; the input (visually hidden, not display:none)
          takes the keyboard focus and opens the picker natively; the focus ring shows on the label. */}
      <Button
        component="label"
        role={undefined}
        tabIndex={-1}
        variant="outline"
        startIcon={<UploadIcon />}
        disabled={uploading.isLoading}
        sx={{ '&:has(input:focus-visible)': focusRing }}
      >
        {uploading.isLoading ? 'Uploading…' : `Upload ${label.toLowerCase()}`}
        <Box
          component="input"
          type="file"
          sx={srOnly}
          accept={IMAGE_CONTENT_TYPES.join(',')}
          disabled={uploading.isLoading}
          aria-describedby={message ? helpId : undefined}
          onChange={(e: ChangeEvent<HTMLInputElement>) => void chosen(e)}
        />
      </Button>
      {message && (
        <FormHelperText id={helpId} error role="alert">
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}

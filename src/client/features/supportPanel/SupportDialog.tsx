import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks';
import { supportStateImported } from './supportPanelEvents';
import { exportSupportFile, readSupportFile, sizeProblem } from './supportFile';

import { SUPPORT_PARAM } from './supportPanelOpening';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

/** The current page without the panel's own ?support=1, as support would reopen it. */
function currentLocation(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SUPPORT_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** FileReader rather than Blob.text(): the same in every browser this app supports (and in jsdom). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file);
  });
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Support replay: exports this browser's persisted state (the spec's localStorage keys, tokens
 * redacted) as a JSON file, and imports such a file to reproduce a customer's cart, redirect marker
 * and screen here. A file that is not exactly that is refused, saying why, and nothing changes.
 */
export default function SupportDialog({ onClosed }: { onClosed: () => void }) {
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const close = () => {
    onClosed();
    setOutcome(null);
    if (params.has(SUPPORT_PARAM)) {
      const next = new URLSearchParams(params);
      next.delete(SUPPORT_PARAM);
      setParams(next, { replace: true });
    }
  };

  const onExport = () => {
    const file = exportSupportFile(window.localStorage, currentLocation(location.pathname, location.search));
    download(
      `allaccess-state-${file.exportedAt.slice(0, 19).replace(/[:T]/g, '-')}.json`,
      JSON.stringify(file, null, 2),
    );
    setOutcome({ severity: 'success', text: 'Exported: the file has no tokens.' });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    // A file too large is refused before it is read.
    const tooLarge = sizeProblem(chosen.size);
    const check = tooLarge
      ? { ok: false as const, problem: tooLarge }
      : readSupportFile(await readText(chosen).catch(() => ''), chosen.size);
    if (!check.ok)
      return setOutcome({ severity: 'error', text: `Import refused: ${check.problem} Nothing was changed.` });
    const { localStorage: saved, location: where } = check.file;
    dispatch(
      supportStateImported({
        cartAssetIds: [...new Set(saved.cartItems.map((line) => line.assetId))],
        redirectUrl: saved.redirect_url,
        demoUse: saved.demoUse,
      }),
    );
    const marker = saved.redirect_url ? `redirect marker '${saved.redirect_url}'` : 'no redirect marker';
    setOutcome({
      severity: 'success',
      text:
        `Imported: ${saved.cartItems.length} cart item${saved.cartItems.length === 1 ? '' : 's'}, ${marker}. ` +
        `Opening ${where}.`,
    });
    void navigate(`${where}${where.includes('?') ? '&' : '?'}${SUPPORT_PARAM}=1`, { replace: true });
  };

  return (
    <Dialog open onClose={close} aria-labelledby="support-title" aria-describedby="support-description">
      <DialogTitle id="support-title">Support tools</DialogTitle>
      <DialogContent>
        <DialogContentText id="support-description" sx={{ mb: 2 }}>
          Export this browser's saved state (cart, redirect marker, settings; tokens removed) to send to support, or
          import a customer's file to see what they see.
        </DialogContentText>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="default" onClick={onExport}>
            Export state
          </Button>
          <Button variant="outline" onClick={() => fileInput.current?.click()}>
            Import state file
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            hidden
            aria-hidden
            tabIndex={-1}
            onChange={onFile}
            data-testid="support-file"
          />
        </Stack>
        {outcome && (
          <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 2 }}>
            {outcome.text}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="outline" onClick={close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

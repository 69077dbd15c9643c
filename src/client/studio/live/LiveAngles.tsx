import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { StudioLive } from '../../../shared/contract/studioLive';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ScrollingTable } from '../components/ScrollingTable';
import { formatInstant } from '../components/studioFormat';
import { AnglePreview } from './AnglePreview';
import {
  angleName,
  bitrateLabel,
  feedStateLabel,
  keysUnavailable,
  LIVE_LABELS,
  packagedBehindLabel,
  refusalLabel,
  resolutionLabel,
} from './liveLabels';
import { StreamKeysDialog } from './StreamKeysDialog';
import { useIssueKeys } from './useIssueKeys';

/**
 * Each angle's feed (state and since when, what it sends, a small picture, its key's age), and the
 * keys for the angles chosen (every angle when none is): 'Issue stream keys' when none of them has
 * one yet, else 'Rotate keys', which drops their encoders and so asks first.
 */
export function LiveAngles({ live }: { live: StudioLive }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [askRotate, setAskRotate] = useState(false);
  const keys = useIssueKeys(live.eventId);
  const button = useRef<HTMLButtonElement>(null);
  const targets = chosen.length > 0 ? live.angles.filter((a) => chosen.includes(a.angle)) : live.angles;
  const rotating = targets.some((a) => a.hasKey);
  const ended = live.show === 'ended';
  const why = keysUnavailable(live);
  const label = rotating ? LIVE_LABELS.rotateKeys : 'Issue stream keys';
  const toggle = (angle: number) =>
    setChosen((c) => (c.includes(angle) ? c.filter((a) => a !== angle) : [...c, angle].sort((a, b) => a - b)));
  const issue = async () => {
    await keys.issue(chosen);
    setAskRotate(false);
  };
  const close = () => {
    keys.forget();
    setChosen([]);
    // Back to the button that asked (the confirm dialog in between took the focus's memory).
    setTimeout(() => button.current?.focus(), 0);
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Button
          ref={button}
          disabled={why !== null}
          aria-disabled={keys.busy || undefined}
          aria-describedby="keys-why"
          onClick={() => (rotating ? setAskRotate(true) : void issue())}
        >
          {label}
        </Button>
        <Typography id="keys-why" variant="body2" color="text.secondary" data-testid="keys-why">
          {why ??
            (chosen.length === 0 ? 'For every angle; tick angles to choose some.' : `For angle ${chosen.join(', ')}.`)}
        </Typography>
      </Box>
      <ScrollingTable label="Angles">
        <Table size="small" aria-label="Angles">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">Choose</TableCell>
              <TableCell>Angle</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Resolution</TableCell>
              <TableCell>Bitrate</TableCell>
              <TableCell>Capture to packaged</TableCell>
              <TableCell>Stream key</TableCell>
              <TableCell>Preview</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {live.angles.map((a) => (
              <TableRow key={a.angle} data-testid={`angle-${a.angle}`}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={chosen.includes(a.angle)}
                    onChange={() => toggle(a.angle)}
                    disabled={ended}
                    slotProps={{ input: { 'aria-label': `Choose ${angleName(a.angle, a.name)}` } }}
                  />
                </TableCell>
                <TableCell>
                  {a.angle}: {a.name}
                </TableCell>
                <TableCell>
                  {feedStateLabel(a)}
                  {refusalLabel(a) && (
                    <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid={`refused-${a.angle}`}>
                      {refusalLabel(a)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{resolutionLabel(a)}</TableCell>
                <TableCell>{bitrateLabel(a)}</TableCell>
                <TableCell>{packagedBehindLabel(a)}</TableCell>
                <TableCell>{a.keyIssuedAt ? `Issued ${formatInstant(a.keyIssuedAt)}` : 'None'}</TableCell>
                <TableCell>
                  <AnglePreview path={a.previewUrl} live={a.state === 'live'} name={angleName(a.angle, a.name)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollingTable>
      <ConfirmDialog
        open={askRotate}
        title="Rotate the keys?"
        message="New keys replace the old ones at once: encoders sending with the old keys are dropped."
        confirmLabel={LIVE_LABELS.rotateKeys}
        destructive
        busy={keys.busy}
        onConfirm={() => void issue()}
        onClose={() => setAskRotate(false)}
      />
      <StreamKeysDialog feeds={keys.feeds} onClose={close} />
    </>
  );
}

import { SHOP_MESSAGES } from '../../lib/shopMessages';
/** The player's words (the spec gives none): short and plain. */
export const PLAYER_COPY = {
  loading: 'Loading stream…',
  refreshing: 'Refreshing stream…',
  connectionLost: 'Connection lost. Retrying…',
  cannotPlay: 'This angle cannot be played.',
  configFailed: 'The stream could not be loaded.',
  eventFailed: 'This event could not be loaded.',
  sessionFailed: 'Could not start watching.',
  tryAgain: SHOP_MESSAGES.tryAgain,
  /** The device limit's way out, and the moved device's way back: this device plays, the oldest stops. */
  watchHere: 'Watch here instead',
  takeoverHint: 'The device that started watching first will stop.',
  backToEvent: 'Back to event',
  beginsOn: (when: string) => `This event begins on ${when}.`,
  shortcuts: 'Keyboard shortcuts',
  anglesRegion: 'Camera angles',
  controls: 'Player controls',
  seekLive: 'Position in the show',
  /** The replay's place: "12:03 of 1:02:00". */
  replayPosition: (at: string, total: string) => `${at} of ${total}`,
  mainAngle: 'Main angle',
  watchAngle: (name: string) => `Watch ${name}`,
} as const;

/** The shortcuts, as the help lists them. */
export const SHORTCUTS: [keys: string, action: string][] = [
  ['1 – 9', 'Watch that camera angle (main and heard)'],
  ['0 or P', 'Watch the program cut'],
  ['Space or K', 'Play or pause every angle'],
  ['M', 'Mute or unmute'],
  ['F', 'Full screen'],
  ['L', 'Go to live (live events)'],
  ['?', 'Show these shortcuts'],
];

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlayerLayout } from '../../../shared/contract/streams';

/**
 * The player's client state: what the viewer chose. Not persisted: each visit starts muted (browsers
 * only autoplay muted video) on the program cut. Angles are numbered as their keys: 0 is the program
 * cut, 1–9 the camera angles in config order.
 */
type PlayerState = {
  layout: PlayerLayout;
  /** The main angle: shown largest and the only one heard. */
  main: number;
  muted: boolean;
  /** 0–1, applied to the main angle. */
  volume: number;
  /** Every tile paused (the viewer's choice; tiles play otherwise). */
  paused: boolean;
  /**
   * Live: the viewer paused or rewound, so the angles stay where they are instead of being pulled
   * back to the live edge; cleared by 'Live' (or by catching up with the edge).
   */
  behindLive: boolean;
};

export const PROGRAM_ANGLE = 0;

const initialPlayerState: PlayerState = {
  layout: 'main-strip',
  main: PROGRAM_ANGLE,
  muted: true,
  volume: 1,
  paused: false,
  behindLive: false,
};

export const playerSlice = createSlice({
  name: 'player',
  initialState: initialPlayerState,
  reducers: {
    /** A player opened: a fresh start in the layout it offers first. */
    playerOpened: (_state, action: PayloadAction<{ layout: PlayerLayout }>) => ({
      ...initialPlayerState,
      layout: action.payload.layout,
    }),
    playerClosed: () => initialPlayerState,
    playerLayoutChosen(state, action: PayloadAction<PlayerLayout>) {
      state.layout = action.payload;
    },
    /** A click or key promoted an angle: it becomes main and audible (the click is the gesture sound needs). */
    playerAngleChosen(state, action: PayloadAction<number>) {
      state.main = action.payload;
      state.muted = false;
    },
    playerMuteToggled(state) {
      state.muted = !state.muted;
    },
    playerVolumeChanged(state, action: PayloadAction<number>) {
      state.volume = Math.min(1, Math.max(0, action.payload));
      state.muted = state.volume === 0;
    },
    playerPlayToggled(state) {
      state.paused = !state.paused;
      if (state.paused) state.behindLive = true;
    },
    /** The viewer moved along the live seek bar: to a moment behind the edge, or back to it. */
    playerSeeked(state, action: PayloadAction<{ behindLive: boolean }>) {
      state.behindLive = action.payload.behindLive;
    },
    /** 'Live' (or L): every angle back at the live edge, playing. */
    playerWentLive(state) {
      state.behindLive = false;
      state.paused = false;
    },
    /** Playing behind live, the angles caught up with the edge by themselves. */
    playerLiveEdgeReached(state) {
      state.behindLive = false;
    },
    /** The browser refused to play sound without a gesture: the main angle plays muted instead. */
    playerSoundBlocked(state) {
      state.muted = true;
    },
  },
  selectors: {
    selectPlayer: (s) => s,
  },
});

export const {
  playerOpened,
  playerClosed,
  playerLayoutChosen,
  playerAngleChosen,
  playerMuteToggled,
  playerVolumeChanged,
  playerPlayToggled,
  playerSeeked,
  playerWentLive,
  playerLiveEdgeReached,
  playerSoundBlocked,
} = playerSlice.actions;
export const { selectPlayer } = playerSlice.selectors;

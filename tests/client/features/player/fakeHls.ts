/**
 * hls.js at the module edge (jsdom has no MediaSource): records what the player asks of each
 * instance and lets a test emit hls.js events. Tests mock the module with
 * `jest.mock('hls.js', () => require('./fakeHls'))`.
 */
type Listener = (event: string, data: any) => void;

export default class FakeHls {
  static readonly instances: FakeHls[] = [];
  static readonly Events = {
    ERROR: 'hlsError',
    LEVEL_SWITCHED: 'hlsLevelSwitched',
    MANIFEST_PARSED: 'hlsManifestParsed',
    FRAG_LOADING: 'hlsFragLoading',
    DESTROYING: 'hlsDestroying',
  };
  static readonly ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' };
  static readonly ErrorDetails = { FRAG_LOAD_ERROR: 'fragLoadError', FRAG_LOAD_TIMEOUT: 'fragLoadTimeOut' };
  /** The loader the player's fragment loader wraps (faultRiding.ts); the fake never loads anything. */
  static readonly DefaultConfig = { loader: class FakeLoader {} };
  static isSupported() {
    return true;
  }

  readonly config: Record<string, unknown>;
  readonly loadSource = jest.fn();
  readonly attachMedia = jest.fn();
  readonly startLoad = jest.fn();
  readonly recoverMediaError = jest.fn();
  readonly destroy = jest.fn(() => {
    this.emit(FakeHls.Events.DESTROYING, {});
    this.destroyed = true;
    this.listeners.clear();
  });
  destroyed = false;
  levels = [{ height: 180 }, { height: 360 }, { height: 720 }];
  currentLevel = -1;
  autoLevelCapping = -1;
  autoLevelEnabled = true;
  minAutoLevel = 0;
  /** The rung forced for the next segment (-1: hls.js's bandwidth estimate chooses). */
  nextAutoLevel = -1;
  /** Every value the player gave `nextLevel` (a switch that drops the buffer ahead), in order. */
  readonly nextLevels: number[] = [];
  playingDate: Date | null = null;
  liveSyncPosition: number | null = null;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(config: Record<string, unknown>) {
    this.config = { startPosition: -1, ...config };
    FakeHls.instances.push(this);
  }

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  off(event: string, listener: Listener) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
  }

  emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(event, data);
  }

  get nextLevel(): number {
    return this.nextLevels.at(-1) ?? -1;
  }

  set nextLevel(level: number) {
    this.nextLevels.push(level);
  }

  get maxAutoLevel(): number {
    return this.autoLevelCapping === -1 ? this.levels.length - 1 : this.autoLevelCapping;
  }

  /** The URL loaded last. */
  get url(): string | undefined {
    return this.loadSource.mock.calls.at(-1)?.[0];
  }

  get media(): HTMLVideoElement | undefined {
    return this.attachMedia.mock.calls.at(-1)?.[0];
  }
}

export const liveInstances = () => FakeHls.instances.filter((h) => !h.destroyed);

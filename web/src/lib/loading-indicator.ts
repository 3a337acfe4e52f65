/**
 * Page loading indicator state machine (SPEC section 9): nothing is shown for loads shorter than
 * `throttle`; progress creeps towards 100 % on an arctangent curve scaled by `duration`; on finish it
 * jumps to 100 %, hides after `hideDelay` and resets after a further `resetDelay`.
 */
export type LoadingIndicatorOptions = {
  throttle: number;
  duration: number;
  hideDelay: number;
  resetDelay: number;
};

export type LoadingIndicatorState = {
  /** 0..100 */
  progress: number;
  visible: boolean;
  error: boolean;
};

export const loadingIndicatorDefaults: LoadingIndicatorOptions = {
  throttle: 200,
  duration: 2000,
  hideDelay: 500,
  resetDelay: 400,
};

const TICK_MS = 100;

/** 0 at 0 ms, ~70 % at `duration`, approaching (never reaching) 100 %. */
export function estimateProgress(elapsed: number, duration: number): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50);
}

const idle: LoadingIndicatorState = { progress: 0, visible: false, error: false };

export class LoadingIndicator {
  private state: LoadingIndicatorState = idle;
  private readonly listeners = new Set<() => void>();
  private active = false;
  private startedAt = 0;
  private throttleTimer: ReturnType<typeof setTimeout> | undefined;
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private resetTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly options: LoadingIndicatorOptions;

  constructor(options: Partial<LoadingIndicatorOptions> = {}) {
    this.options = { ...loadingIndicatorDefaults, ...options };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LoadingIndicatorState => this.state;

  start(): void {
    if (this.active) return;
    this.active = true;
    clearTimeout(this.hideTimer);
    clearTimeout(this.resetTimer);
    const begin = () => {
      this.startedAt = Date.now();
      this.set({ progress: 0, visible: true, error: false });
      this.tickTimer = setInterval(() => {
        this.set({ ...this.state, progress: estimateProgress(Date.now() - this.startedAt, this.options.duration) });
      }, TICK_MS);
    };
    // Already on screen (a new navigation while the previous one is fading out): keep going.
    if (this.state.visible) begin();
    else this.throttleTimer = setTimeout(begin, this.options.throttle);
  }

  finish({ error = false }: { error?: boolean } = {}): void {
    if (!this.active) return;
    this.active = false;
    clearTimeout(this.throttleTimer);
    clearInterval(this.tickTimer);
    if (!this.state.visible) return; // finished within the throttle: never shown
    this.set({ progress: 100, visible: true, error });
    this.hideTimer = setTimeout(() => {
      this.set({ ...this.state, visible: false });
      this.resetTimer = setTimeout(() => this.set(idle), this.options.resetDelay);
    }, this.options.hideDelay);
  }

  /** Stops all timers (unmount). Subscriptions are left to their owners. */
  dispose(): void {
    this.active = false;
    clearTimeout(this.throttleTimer);
    clearInterval(this.tickTimer);
    clearTimeout(this.hideTimer);
    clearTimeout(this.resetTimer);
    this.state = idle;
  }

  private set(next: LoadingIndicatorState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

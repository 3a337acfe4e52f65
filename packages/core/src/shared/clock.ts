/** The clock port: every time-dependent rule reads it, so tests can move time. */
export interface Clock {
  now(): Date;
}

let offsetMs = 0;
export const clock: Clock & { set(date: Date): void; advance(ms: number): void; reset(): void } = {
  now: () => new Date(Date.now() + offsetMs),
  set: (date) => {
    offsetMs = date.getTime() - Date.now();
  },
  advance: (ms) => {
    offsetMs += ms;
  },
  reset: () => {
    offsetMs = 0;
  },
};

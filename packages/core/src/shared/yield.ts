/**
 * Lets the event loop answer other requests between slices of a long computation: one request's
 * CPU work (a 5,000-row import plan) must not hold every other caller of the process.
 */
export const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows between two yields: a few milliseconds of work each. */
export const ROWS_PER_SLICE = 200;

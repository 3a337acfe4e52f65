/**
 * Translation polling (SPEC section 4 "Translation polling", section 9 constants): the ids saved in
 * this tab are polled every 10 s, the first poll after a debounce (a burst of saves restarts it) that
 * never waits longer than the max wait from the first save.
 */
export const TRANSLATION_POLL_MS = 10_000;
export const PRODUCT_POLL_DEBOUNCE_MS = 3_000;
export const PRODUCT_POLL_MAX_WAIT_MS = 10_000;
export const CATEGORY_POLL_DEBOUNCE_MS = 2_500;
export const CATEGORY_POLL_MAX_WAIT_MS = 10_500;

export type PollTiming = { debounceMs: number; maxWaitMs: number; intervalMs: number };

export const PRODUCT_POLL: PollTiming = { debounceMs: PRODUCT_POLL_DEBOUNCE_MS, maxWaitMs: PRODUCT_POLL_MAX_WAIT_MS, intervalMs: TRANSLATION_POLL_MS };
export const CATEGORY_POLL: PollTiming = { debounceMs: CATEGORY_POLL_DEBOUNCE_MS, maxWaitMs: CATEGORY_POLL_MAX_WAIT_MS, intervalMs: TRANSLATION_POLL_MS };

/**
 * The id of the pre-rendered page's starter config (a JSON script, ssr.tsx), by which the early
 * script (early.ts) finds it. Imported by those two only: a module the app also imported would
 * become a chunk of its own that the early script would have to fetch first.
 */
export const STARTER_CONFIG_ID = "guest-starter";

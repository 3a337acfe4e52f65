/** Lifetimes and limits of accounts and sign-in. Every rule reads time from the clock port. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const AUTH = {
  /** Without "remember me": a browser-session cookie; the server keeps the session this long (renewed on use). */
  sessionTtlMs: 12 * HOUR,
  /** With "remember me": a 30-day cookie, renewed on use. */
  rememberTtlMs: 30 * DAY,
  /** A session is renewed when less than this share of its lifetime is left. */
  renewBelowShare: 0.5,
  /** The short-lived bearer token GET /api/me answers as `accessToken`. */
  accessTokenTtlMs: 15 * MINUTE,
  /** The device cookie a browser gets at each successful sign-in. */
  deviceTtlMs: 180 * DAY,
  /** One-time e-mail links. */
  tokenTtlMs: { confirm: 3 * DAY, invite: 7 * DAY, reset: HOUR, email_change: DAY, signin: 15 * MINUTE },
  /** Fixed-window rate limits: at most `limit` events per `windowMs`. */
  limits: {
    signInPerEmail: { limit: 5, windowMs: 15 * MINUTE },
    signInPerIp: { limit: 30, windowMs: 15 * MINUTE },
    /** A browser with a device cookie of the account: its own failures only (docs/decisions.md). */
    signInPerDevice: { limit: 10, windowMs: 15 * MINUTE },
    mailPerEmail: { limit: 3, windowMs: HOUR },
    mailPerIp: { limit: 20, windowMs: HOUR },
    registerPerIp: { limit: 10, windowMs: HOUR },
    resendConfirmation: { limit: 1, windowMs: 10 * MINUTE },
  },
} as const;

export type Limit = { limit: number; windowMs: number };

/** Cookie names. The session cookie is httpOnly; the CSRF cookie holds a signed double-submit token. */
export const SESSION_COOKIE = "qrm_session";
export const CSRF_COOKIE = "qrm_csrf";
/** httpOnly, sent to the auth calls only: a browser that has signed in to the account before. */
export const DEVICE_COOKIE = "qrm_device";

/** Absolute base of links in e-mails; never taken from the request's Host header. */
export const publicBaseUrl = () => (process.env.PUBLIC_BASE_URL || "http://localhost:3000").replace(/\/+$/, "");

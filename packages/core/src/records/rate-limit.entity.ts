import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * A fixed-window counter (failed sign-ins per e-mail and per address, password-reset mails, …).
 * One row per bucket and window; DynamoDB's TTL removes it after the window.
 */
export const RateLimitEntity = new Entity({
  model: { entity: "rateLimit", version: "1", service: SERVICE },
  attributes: {
    bucket: { type: "string", required: true, readOnly: true },
    window_start: { type: "number", required: true, readOnly: true },
    count: { type: "number", default: 0 },
    expiresAt: { type: "number" },
  },
  indexes: {
    byBucket: {
      pk: { field: "pk", composite: ["bucket", "window_start"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

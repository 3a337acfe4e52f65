import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/**
 * A signed-in browser. The session cookie is a signed JWT whose `jti` is this row's id: a JWT
 * without its row is worthless, so deleting the row (sign-out, password change, deactivation or
 * deletion of the user) ends the session at once. `expiresAt` (epoch seconds) lets DynamoDB's TTL
 * remove old rows; `expires_at` is what the code checks, against the clock port.
 */
export const SessionEntity = new Entity({
  model: { entity: "session", version: "1", service: SERVICE },
  attributes: {
    session_id: { type: "string", required: true, readOnly: true },
    user_id: { type: "string", required: true, readOnly: true },
    /** "Remember me": a 30-day cookie instead of a browser-session one. */
    remember: { type: "boolean", required: true },
    expires_at: { type: "string", required: true },
    expiresAt: { type: "number", required: true },
    ip: { type: "string" },
    user_agent: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["session_id"] },
      sk: { field: "sk", composite: [] },
    },
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["user_id"] },
      sk: { field: "gsi1sk", composite: ["session_id"] },
    },
  },
});

import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/**
 * An address we no longer mail (mail/feedback.ts): SES reported a permanent bounce or a complaint
 * for it. One row per address, lower-cased; the latest report wins.
 */
export const MailSuppressionEntity = new Entity({
  model: { entity: "mailSuppression", version: "1", service: SERVICE },
  attributes: {
    email: { type: "string", required: true, readOnly: true },
    reason: { type: ["bounce", "complaint"] as const, required: true },
    /** SES's bounce sub-type ("General", "NoEmail", …) or complaint feedback type ("abuse", …). */
    detail: { type: "string" },
    /** SES's feedback id, to find the report in SES's own records. */
    feedback_id: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byEmail: {
      pk: { field: "pk", composite: ["email"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

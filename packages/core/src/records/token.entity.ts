import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/** What a one-time e-mail link does. */
export const TOKEN_KINDS = ["confirm", "invite", "reset", "email_change", "signin"] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/**
 * A single-use link sent by e-mail (address confirmation, invitation, password reset, e-mail
 * change). Only the SHA-256 of the token is stored, so a leaked table does not leak working links.
 * Using a token deletes its row in the same conditional write that reads it, so it works once.
 */
export const OneTimeTokenEntity = new Entity({
  model: { entity: "oneTimeToken", version: "1", service: SERVICE },
  attributes: {
    token_hash: { type: "string", required: true, readOnly: true },
    kind: { type: TOKEN_KINDS, required: true, readOnly: true },
    user_id: { type: "string", required: true, readOnly: true },
    /** e-mail change: the new address the link confirms. */
    email: { type: "string" },
    expires_at: { type: "string", required: true },
    expiresAt: { type: "number", required: true },
    ...timestamps,
  },
  indexes: {
    byHash: {
      pk: { field: "pk", composite: ["token_hash"] },
      sk: { field: "sk", composite: [] },
    },
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["user_id"] },
      sk: { field: "gsi1sk", composite: ["kind", "token_hash"] },
    },
  },
});

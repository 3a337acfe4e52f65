import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * Server-side secrets generated on first use (the key that signs session JWTs and CSRF tokens)
 * when no AUTH_SECRET is configured. Created with a conditional put, so concurrent first requests
 * agree on one key.
 */
export const SecretEntity = new Entity({
  model: { entity: "secret", version: "1", service: SERVICE },
  attributes: {
    name: { type: "string", required: true, readOnly: true },
    value: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byName: {
      pk: { field: "pk", composite: ["name"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

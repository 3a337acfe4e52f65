import { Entity } from "electrodb";
import { SERVICE, UI_LOCALES, timestamps } from "../shared/model";

export const ROLES = ["admin", "company_manager", "store_manager"] as const;

/** A staff account. Looked up by e-mail through its `email` guard item; listed per company and store. */
export const UserEntity = new Entity({
  model: { entity: "user", version: "1", service: SERVICE },
  attributes: {
    user_id: { type: "string", required: true, readOnly: true },
    email: { type: "string", required: true },
    first_name: { type: "string", default: "" },
    last_name: { type: "string", default: "" },
    role: { type: ROLES, required: true },
    /** "platform" for the operator's admins, who belong to no company. */
    company_id: { type: "string", required: true },
    /** Empty unless the role is store_manager. */
    store_id: { type: "string", default: "" },
    password_hash: { type: "string", required: true },
    email_confirmed: { type: "boolean", default: false },
    pending_email: { type: "string" },
    active: { type: "boolean", default: true },
    ui_locale: { type: UI_LOCALES, default: "ru" },
    setup_welcome_message: { type: "boolean", default: true },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["user_id"] },
      sk: { field: "sk", composite: [] },
    },
    byCompany: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["company_id"] },
      sk: { field: "gsi1sk", composite: ["store_id", "user_id"] },
    },
  },
});

import { Entity } from "electrodb";
import { SERVICE, UI_LOCALES, timestamps } from "../shared/model";
import { ROLES } from "../shared/roles";

export { ROLES };

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
    /** A store manager's seat (1..5) in the store; its guard item keeps the limit under concurrency. */
    manager_seat: { type: "number" },
    password_hash: { type: "string", required: true },
    email_confirmed: { type: "boolean", default: false },
    pending_email: { type: "string" },
    active: { type: "boolean", default: true },
    ui_locale: { type: UI_LOCALES, default: "ru" },
    /** false until the welcome dialog after registration has been seen (SPEC.md section 4). */
    setup_welcome_message: { type: "boolean", default: true },
    /** Wrong passwords given for this account since its last sign-in (told once at the next one). */
    failed_sign_ins: { type: "number" },
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

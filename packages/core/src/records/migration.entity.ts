import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/** A data migration that has run over the whole table (db/migrations.ts): one row per name. */
export const MigrationEntity = new Entity({
  model: { entity: "migration", version: "1", service: SERVICE },
  attributes: {
    name: { type: "string", required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    byName: {
      pk: { field: "pk", composite: [] },
      sk: { field: "sk", composite: ["name"] },
    },
  },
});

import { Entity } from "electrodb";
import { CURRENCIES, ITEM_KINDS, SERVICE, UNITS, timestamps, translationsAttribute } from "../shared/model";

/**
 * A product, hookah or game with one or more portions. Prices are decimal strings (at most two
 * fraction digits), never floats. The description is a Quill Delta JSON string.
 */
export const ItemEntity = new Entity({
  model: { entity: "item", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    item_id: { type: "string", required: true, readOnly: true },
    kind: { type: ITEM_KINDS, required: true },
    category_id: { type: "string", required: true },
    /** Display order in the category (gaps of POSITION_STEP, store/positions.ts); padded so the key sorts as numbers. */
    position: { type: "number", default: 0, padding: { length: 15, char: "0" } },
    title: { type: "string", required: true },
    description: { type: "string", default: "" },
    photo: { type: "string" },
    visible: { type: "boolean", default: true },
    portions: {
      type: "list",
      required: true,
      items: {
        type: "map",
        properties: {
          id: { type: "string", required: true },
          weight: { type: "string", required: true },
          unit: { type: UNITS, required: true },
          price: { type: "string", required: true },
          currency: { type: CURRENCIES, required: true },
        },
      },
    },
    /** Allergen and dietary tag codes (item/marks.ts), in their canonical order. */
    allergens: { type: "list", default: () => [], items: { type: "string" } },
    tags: { type: "list", default: () => [], items: { type: "string" } },
    /** Sold out until this instant (the store's next opening when it was marked); past = on sale. */
    sold_out_until: { type: "string" },
    /** Copied from another store (issue 36): the group's first item; its group is listed by item-origin.entity.ts. */
    origin_id: { type: "string" },
    translations: translationsAttribute,
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["item_id"] },
    },
    byId: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["item_id"] },
      sk: { field: "gsi1sk", composite: [] },
    },
    byCategory: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["store_id", "category_id"] },
      /** Display order: a category's page of items is one Query with a limit (issue 31). */
      sk: { field: "gsi2sk", composite: ["position", "item_id"] },
    },
  },
});

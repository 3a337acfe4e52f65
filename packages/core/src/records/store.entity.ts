import { Entity } from "electrodb";
import { CURRENCIES, DAYS, DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, MENU_LANGUAGES, SERVICE, TRANSLATION_TARGETS, WIFI_ENCRYPTIONS, timestamps } from "../shared/model";

/** A venue of a company with all its settings (SPEC.md section 3, "Store"). */
export const StoreEntity = new Entity({
  model: { entity: "store", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    url_key: { type: "string", required: true },
    address: { type: "string", default: "" },
    /**
     * Per menu language: the name (hand-written in settings), and the address and phone notes (a line
     * per phone) as translation keeps them (machine-made, hand-made or checked, with source hashes;
     * store/texts.ts). A missing one falls back like the menu's texts.
     */
    translations: {
      type: "map",
      default: () => ({}),
      properties: Object.fromEntries(
        TRANSLATION_TARGETS.map(
          (lang) =>
            [
              lang,
              {
                type: "map",
                properties: {
                  name: { type: "string" },
                  address: { type: "string" },
                  phones: { type: "string" },
                  manual: { type: "boolean" },
                  checked: { type: "boolean" },
                  address_hash: { type: "string" },
                  phones_hash: { type: "string" },
                },
              },
            ] as const,
        ),
      ),
    },
    phones: {
      type: "list",
      default: () => [],
      items: {
        type: "map",
        properties: { description: { type: "string" }, number: { type: "string", required: true } },
      },
    },
    working_hours: {
      type: "list",
      default: () => [],
      items: {
        type: "map",
        properties: {
          days: { type: "set", items: DAYS },
          open: { type: "string", required: true },
          close: { type: "string", required: true },
        },
      },
    },
    socials: {
      type: "list",
      default: () => [],
      items: {
        type: "map",
        properties: { network: { type: "string", required: true }, url: { type: "string", required: true } },
      },
    },
    seo_title: { type: "string", default: "" },
    seo_description: { type: "string", default: "" },
    logo_light: { type: "string" },
    logo_dark: { type: "string" },
    time_zone: { type: "string", default: DEFAULT_TIME_ZONE },
    languages: { type: "set", items: MENU_LANGUAGES, default: () => ["ru"] },
    currency: { type: CURRENCIES, default: DEFAULT_CURRENCY },
    wifi: {
      type: "map",
      properties: {
        ssid: { type: "string", required: true },
        encryption: { type: WIFI_ENCRYPTIONS, required: true },
        hidden: { type: "boolean", default: false },
        password: { type: "string" },
      },
    },
    reviews_org_id: { type: "string" },
    /** URL names the store had before: their guard items stay, so old links resolve and redirect. */
    former_url_keys: { type: "list", items: { type: "string" } },
    /** End of the 3-day preparation period that follows registration. */
    preparation_ends_at: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byCompany: {
      pk: { field: "pk", composite: ["company_id"] },
      sk: { field: "sk", composite: ["store_id"] },
    },
    byId: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["store_id"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});

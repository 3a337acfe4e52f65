/**
 * Issue 35: every call on a store's data is built with storeCommand (core/src/command/store-command.ts),
 * which runs the tenancy gate, loads the store once and requests the publish and translation the call
 * declares. The test walks every module of core and fails on an exported domain function that names a
 * store in its input (a schema with `store_id` or `storeId`, or a bare id) and is not a store command,
 * and on a gate called by hand anywhere else.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isStoreCommand } from "@menu/core/command/store-command";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));
const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));

/** Functions whose input is a bare id or names a store but which are no store command, and why. */
const NOT_STORE_COMMANDS: Record<string, string> = {
  storeSettings: "public: guests read a store's settings (the Wi-Fi password only when the plan has it)",
  guestMenu: "public: the guest menu",
  recordGuestEvents: "public: guests' beacon",
  resolveQrKey: "public: the id is a table's QR key",
  companyStores: "company call: the id is a company's",
  invoicesOf: "company call: the id is a company's",
  billingOf: "company call: the id is a company's",
  companyById: "the id is a company's",
  createUser: "account call: a store manager's seat (the user calls check the policy)",
  createTable: "the record write under createTableAs (and the demo seed)",
  addTables: "the record write under createTablesAs (and the demo seed)",
};

/** The schema a domain function parses its input with (fn and storeCommand both keep it). */
const schemaOf = (f: unknown) => (typeof f === "function" && "schema" in f ? (f.schema as z.ZodType) : undefined);

/** Whether an input names a store: a bare id, or an object with a store id. */
function namesStore(schema: z.ZodType) {
  if (schema instanceof z.ZodString) return true;
  return schema instanceof z.ZodObject && ("store_id" in schema.shape || "storeId" in schema.shape);
}

async function domainFunctions() {
  const found: { name: string; file: string; f: unknown; schema: z.ZodType }[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(`${SRC}${file}`);
    for (const [name, f] of Object.entries(module)) {
      const schema = schemaOf(f);
      if (schema) found.push({ name, file, f, schema });
    }
  }
  return found;
}

describe("store commands", () => {
  it("builds every exported store-scoped domain function with storeCommand", async () => {
    const all = await domainFunctions();
    const scoped = all.filter(({ schema }) => namesStore(schema));
    const offenders = scoped.filter(({ name, f }) => !isStoreCommand(f) && !(name in NOT_STORE_COMMANDS)).map(({ file, name }) => `${file}: ${name}`);
    expect(offenders).toEqual([]);
    // The walk sees the commands (items, categories, tables, settings, …), not an empty list.
    const commands = all.filter(({ f }) => isStoreCommand(f)).map(({ name }) => name);
    expect(commands.length).toBeGreaterThan(60);
    expect(commands).toEqual(expect.arrayContaining(["createItem", "updateCategory", "saveWifi", "updateStoreSettings", "applyImport", "finishImageUpload"]));
    // Every exception is still a function of core that names a store (no stale entries).
    const names = new Set(scoped.map(({ name }) => name));
    expect(Object.keys(NOT_STORE_COMMANDS).filter((name) => !names.has(name))).toEqual([]);
  });

  it("leaves the tenancy gate of store calls to the builder", () => {
    // The gate (managedStore) lives in the builder; the policy only decides (assertCanManageStore).
    const gated = files.filter((file) => /\b(managedStore|assertCanManageStore)\(/.test(readFileSync(`${SRC}${file}`, "utf8")));
    expect(gated.sort()).toEqual(["command/store-command.ts", "shared/policy.ts"]);
  });
});

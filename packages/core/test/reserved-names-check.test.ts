/**
 * Issue 49, point 3: a company or store that took a URL name before it was reserved is named by the
 * scheduled data check, once per table and list; others are not.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { Db } from "@menu/core";
import { reportReservedNames } from "@menu/core/store/reserved-names-check";
import { venue } from "./fixtures";

describe("the reserved URL names check", () => {
  it("names the stores whose company or own URL name is reserved, once", async () => {
    const fine = await venue("reservedfine");
    // Written as an older version did, before the names were reserved (the schema refuses them now).
    const company_id = randomUUID();
    const store_id = randomUUID();
    await Db().entities.company.create({ company_id, name: "M", url_key: "m" }).go();
    await Db().entities.store.create({ company_id, store_id, name: "Support", url_key: "support" }).go();
    const warned: string[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((line: string) => void warned.push(line));
    try {
      expect(await reportReservedNames()).toBe(1);
      expect(warned).toHaveLength(1);
      expect(warned[0]).toContain(`store ${store_id} of company ${company_id}`);
      expect(warned[0]).toContain('company URL name "m", store URL name "support"');
      expect(warned.join()).not.toContain(fine.store_id);
      // Once per table and list.
      expect(await reportReservedNames()).toBe(0);
      expect(warned).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});

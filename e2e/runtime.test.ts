import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { demo, path } from "./demo";
import { runUntilItEnds, RUNTIME_START_MS, startRuntime } from "./runtime";

describe("the local runtime", () => {
  it("refuses a second start on a data folder in use, and leaves the first one running", async () => {
    const { code, output } = await runUntilItEnds(inject("dataDir"));
    expect(code).toBe(1);
    expect(output).toContain("is already in use by process");
    expect((await fetch(`${inject("baseUrl")}/api/health`)).status).toBe(200);
  });

  it("keeps its data across a restart and shuts down cleanly on Ctrl-C", { timeout: 2 * RUNTIME_START_MS }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "menu-restart-"));
    const first = await startRuntime(dataDir);
    expect(first.output()).toContain("loading the demo data");
    const qr = path(demo(dataDir).qr_links[0]!);
    const before = (await fetch(first.baseUrl + qr, { redirect: "manual" })).headers.get("location");
    expect(await first.stop()).toBe(0);

    const second = await startRuntime(dataDir);
    try {
      expect(second.output()).not.toContain("loading the demo data");
      // QR keys are random per seed: the same key resolving to the same table proves the data survived.
      expect((await fetch(second.baseUrl + qr, { redirect: "manual" })).headers.get("location")).toBe(before);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

import { describe, expect, inject, it } from "vitest";
import { demo, path } from "./demo";
import { copyOfTemplate, runUntilItEnds, RUNTIME_START_MS, startRuntime } from "./runtime";
import { workerRuntime } from "./worker-runtime";

describe("the local runtime", () => {
  it("refuses a second start on a data folder in use, and leaves the first one running", async () => {
    const { code, output } = await runUntilItEnds(workerRuntime().dataDir);
    expect(code).toBe(1);
    expect(output).toContain("is already in use by process");
    expect((await fetch(`${workerRuntime().baseUrl}/api/health`)).status).toBe(200);
  });

  // The seed itself (an empty folder loads the demo data, then Ctrl-C ends it with 0 and leaves no
  // lock) is checked once per run by runtime.global.ts, which makes the template this copy is of.
  it("keeps its data across a restart and shuts down cleanly on Ctrl-C", { timeout: 2 * RUNTIME_START_MS }, async () => {
    const dataDir = copyOfTemplate(inject("templateDir"), "menu-restart-");
    const first = await startRuntime(dataDir);
    expect(first.output()).not.toContain("loading the demo data");
    const qr = path(demo(dataDir).qr_links[0]!);
    const before = (await fetch(first.baseUrl + qr, { redirect: "manual" })).headers.get("location");
    expect(before).toMatch(/^\/demo\/[a-z]+\/menu\?table=\d+/);
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

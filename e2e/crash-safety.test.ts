/**
 * Crash safety of the local runtime (issue 16): the process is killed with SIGKILL in the middle of
 * acknowledged writes; a restart on the same data folder takes the dead process's lock over, ends the
 * DynamoDB Local it left behind, and every write that was answered is there.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Demo } from "./demo";
import { copyOfTemplate, RUNTIME_START_MS, startRuntime } from "./runtime";
import { staffApi } from "./staff-api";

/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

type Table = { table_id: string; qr_key: string; position: number; name: string };

describe("crash safety of the local runtime", () => {
  it("keeps every acknowledged write across kill -9, and a restart takes the stale lock over", { timeout: 2 * RUNTIME_START_MS }, async () => {
    const dataDir = copyOfTemplate(inject("templateDir"), "menu-crash-");
    const first = await startRuntime(dataDir);
    const demo = JSON.parse(readFileSync(join(dataDir, "demo.json"), "utf8")) as Demo;
    const login = demo.logins.find((l) => l.role === "store_manager")!;
    const api = await staffApi(first.baseUrl, login.email, login.password);
    const { store_id } = (await (await api.request("/api/me")).json()) as { store_id: string };
    const dynamoPid = Number(readFileSync(join(dataDir, "dynamodb/.dynamodb.pid"), "utf8"));
    expect(isAlive(dynamoPid)).toBe(true);

    // Four writers create tables until the process is gone; what was answered 201 was acknowledged.
    const acknowledged: Table[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const n = next++;
        try {
          const res = await api.send("POST", "/api/tables", { store_id, position: 500 + n, name: `crash-${n}` });
          if (res.status === 201) acknowledged.push((await res.json()) as Table);
          else if (!killed) throw new Error(`POST /api/tables answered ${res.status}: ${await res.text()}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    await expect.poll(() => acknowledged.length, { message: "30 acknowledged writes" }).toBeGreaterThanOrEqual(30);
    const exited = new Promise((ok) => first.child.once("exit", ok));
    killed = true;
    first.child.kill("SIGKILL");
    await exited;
    await Promise.all(writers);
    const answered = [...acknowledged];

    // The dead process's lock is still on the folder; its DynamoDB Local is ended by the watchdog.
    expect(Number(readFileSync(join(dataDir, ".lock"), "utf8"))).toBe(first.child.pid);
    await expect.poll(() => isAlive(dynamoPid), { message: "the orphaned DynamoDB Local to end" }).toBe(false);

    const second = await startRuntime(dataDir);
    try {
      expect(second.output()).not.toContain("already in use");
      expect(second.output()).not.toContain("loading the demo data");
      expect(Number(readFileSync(join(dataDir, ".lock"), "utf8"))).toBe(second.child.pid);
      const again = await staffApi(second.baseUrl, login.email, login.password);
      const tables = (await (await again.request(`/api/tables?storeId=${store_id}`)).json()) as Table[];
      const byId = new Map(tables.map((t) => [t.table_id, t]));
      for (const t of answered) {
        expect(byId.get(t.table_id), `acknowledged table ${t.name}`).toMatchObject({ name: t.name, position: t.position, qr_key: t.qr_key });
        // Its printed QR code works too (the published link was written before the answer).
        const scan = await fetch(`${second.baseUrl}/t/${t.qr_key}`, { redirect: "manual" });
        expect(scan.headers.get("location")).toBe(`${new URL(demo.menu_urls[0]!).pathname}?table=${t.position}`);
      }
      // Nothing half-written: every table of the run is whole (a write the kill cut short is absent, not broken).
      for (const t of tables.filter((x) => x.name.startsWith("crash-"))) expect(t.qr_key).toMatch(/^[A-Za-z0-9]+$/);
    } finally {
      expect(await second.stop()).toBe(0);
    }
    expect(existsSync(join(dataDir, ".lock"))).toBe(false);
  });
});

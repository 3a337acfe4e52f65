/**
 * The import rules (.dependency-cruiser.cjs, `pnpm lint:imports`) fire on what the old script let
 * through (issue 51, point 5): a fixture tree laid out like the repository, with one breach per
 * rule, is cruised by the real CLI with the real configuration.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const dir = mkdtempSync(join(tmpdir(), "import-rules-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (files: Record<string, string>) => {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
};
for (const file of [".dependency-cruiser.cjs", "tsconfig.depcruise.json"]) copyFileSync(join(root, file), join(dir, file));
write({ "web/src/main.tsx": "export {};\n" });

/** The rule names the cruise reports, and whether it failed. */
async function cruise(runtime = false) {
  const bin = join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const run = promisify(execFile)(process.execPath, [bin, "--config", ".dependency-cruiser.cjs", "--output-type", "err", "packages", "web/src"], {
    cwd: dir,
    env: { ...process.env, RUNTIME: runtime ? "1" : "0" },
  });
  const { stdout, code } = await run.then(
    (r) => ({ stdout: r.stdout, code: 0 }),
    (e: { stdout: string; code: number }) => ({ stdout: e.stdout, code: e.code }),
  );
  // "error rule: from → to", a cycle's next module on the line after.
  const breaches = [...stdout.matchAll(/error (\S+): (\S+) →\s+(\S+)/g)].map(([, rule, from, to]) => `${rule}: ${from} → ${to}`);
  return { code, breaches };
}

describe("the import rules", () => {
  it("count dynamic and type imports against core's layers, and hold web's folders and the menu admin's parts in order", async () => {
    write({
      "packages/core/src/publish/publish.ts": "export const publish = 1;\n",
      "packages/core/src/shared/late.ts": 'export const late = () => import("../publish/publish");\n',
      "packages/core/src/shared/typed.ts": 'import type { publish } from "../publish/publish";\nexport type P = typeof publish;\n',
      "packages/core/src/elsewhere/x.ts": 'export { publish } from "../publish/publish";\n',
      "web/src/lib/api.ts": "export const api = 1;\n",
      "web/src/i18n/up.ts": 'export { api } from "../lib/api";\n',
      "web/src/features/menu-admin/items/api.ts": "export const items = 1;\n",
      "web/src/features/menu-admin/cards/up.ts": 'export { items } from "../items/api";\n',
      "web/src/features/menu-import/api.ts": "export const read = 1;\n",
      "web/src/features/users/other.ts": 'export { read } from "../menu-import/api";\n',
      "web/src/components/a.ts": 'export { b } from "./b";\nexport const a = 1;\n',
      "web/src/components/b.ts": 'import { a } from "./a";\nexport const b = a;\n',
    });
    const { code, breaches } = await cruise();
    expect(code).not.toBe(0);
    expect(breaches).toEqual(
      expect.arrayContaining([
        "core-layers: packages/core/src/shared/late.ts → packages/core/src/publish/publish.ts",
        "core-layers: packages/core/src/shared/typed.ts → packages/core/src/publish/publish.ts",
        "core-layers: packages/core/src/elsewhere/x.ts → packages/core/src/publish/publish.ts",
        "web-layers: web/src/i18n/up.ts → web/src/lib/api.ts",
        "menu-admin-layers: web/src/features/menu-admin/cards/up.ts → web/src/features/menu-admin/items/api.ts",
        "feature-imports-feature: web/src/features/users/other.ts → web/src/features/menu-import/api.ts",
        "no-cycle: web/src/components/a.ts → web/src/components/b.ts",
      ]),
    );
    // What keeps to the order passes: publish's own module imports nothing; lib may import i18n.
    expect(breaches.filter((b) => b.startsWith("core-layers: packages/core/src/publish/"))).toEqual([]);
  });

  it("keep web off the server by what runs: a value import reaching core's db fails, a type import does not", async () => {
    write({
      "packages/core/src/db/service.ts": 'import { readFileSync } from "node:fs";\nexport const Db = readFileSync;\n',
      "packages/core/src/shared/pure.ts": 'import type { Db } from "../db/service";\nexport type D = typeof Db;\nexport const pure = 1;\n',
      "packages/core/src/shared/server.ts": 'export { Db } from "../db/service";\n',
      "web/src/lib/typed.ts": 'export { pure } from "../../../packages/core/src/shared/pure";\n',
      "web/src/lib/reaches.ts": 'export { Db } from "../../../packages/core/src/shared/server";\n',
    });
    const { breaches } = await cruise(true);
    expect(breaches).toContain("web-reaches-server: web/src/lib/reaches.ts → packages/core/src/db/service.ts");
    expect(breaches.filter((b) => b.includes("web/src/lib/typed.ts"))).toEqual([]);
  });
});

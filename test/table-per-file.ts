import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, inject, vi } from "vitest";
import { configureDb, ensureTable, setPorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { outboxMailer } from "@menu/core/adapters/outbox-mailer";
import { setPasswordCost } from "@menu/core/auth/password";
import { clock } from "@menu/core/shared/clock";
import { setWebBuildSource } from "@menu/core/publish/after-deploy";
import { setGuestEdge } from "@menu/core/publish/guest-edge";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { registerTranslatableContents } from "@menu/core/translatable-contents";

/**
 * The domain files share their worker's modules (vitest's `isolate: false`: each file imported the
 * whole core again, 90 s of a run), so what one file set process-wide is put back before the next:
 * the environment, Node's Request and Response (@hono/node-server's listener swaps in its own, whose
 * headers a middleware cannot set afterwards), spies, fake timers and the clock's offset, and the ports' adapters.
 */
type Originals = { env: NodeJS.ProcessEnv; Request: typeof Request; Response: typeof Response };
const originals = ((globalThis as { __menuTestOriginals?: Originals }).__menuTestOriginals ??= {
  env: { ...process.env },
  Request: globalThis.Request,
  Response: globalThis.Response,
});
for (const name of Object.keys(process.env)) if (!(name in originals.env)) delete process.env[name];
Object.assign(process.env, originals.env);
Object.assign(globalThis, { Request: originals.Request, Response: originals.Response });
vi.restoreAllMocks();
vi.useRealTimers();
clock.reset();
setMenuRenderer(undefined);
setGuestEdge(undefined);
setWebBuildSource(async () => undefined);

/** Every test file gets its own table on the shared DynamoDB Local and its own object/outbox folders. */
const { client, table } = configureDb({ table: `test_${randomUUID()}`, endpoint: inject("dynamoEndpoint") });
const dir = mkdtempSync(join(tmpdir(), "menu-test-"));
setPorts({
  objects: fsObjectStore(join(dir, "objects")),
  queue: memoryQueue({}),
  mailer: outboxMailer(join(dir, "outbox"), "test@localhost"),
});
registerTranslatableContents();
// Hashes at N=2^10 instead of 2^17: the tests sign up and sign in hundreds of times (the
// password tests raise it back where the cost itself is under test).
setPasswordCost({ ln: 10, r: 8, p: 1 });
beforeAll(() => ensureTable(client, table));

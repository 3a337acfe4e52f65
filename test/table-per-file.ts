import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, inject } from "vitest";
import { configureDb, ensureTable, setPorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { outboxMailer } from "@menu/core/adapters/outbox-mailer";
import { setPasswordCost } from "@menu/core/auth/password";

/** Every test file gets its own table on the shared DynamoDB Local and its own object/outbox folders. */
const { client, table } = configureDb({ table: `test_${randomUUID()}`, endpoint: inject("dynamoEndpoint") });
const dir = mkdtempSync(join(tmpdir(), "menu-test-"));
setPorts({
  objects: fsObjectStore(join(dir, "objects")),
  queue: memoryQueue({}),
  mailer: outboxMailer(join(dir, "outbox"), "test@localhost"),
});
// Hashes at N=2^10 instead of 2^17: the tests sign up and sign in hundreds of times (the
// password tests raise it back where the cost itself is under test).
setPasswordCost({ ln: 10, r: 8, p: 1 });
beforeAll(() => ensureTable(client, table));

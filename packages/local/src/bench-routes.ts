import type { RequestListener } from "node:http";
import { db } from "@menu/core/db/client";
import { countDbWork } from "@menu/core/db/work-counter";

/**
 * For benchmarks only (LOCAL_IDLE_ROUTE=1). `GET /_local/idle` answers once the background jobs are
 * done, so a measured call is not slowed by a publish or translation sharing this machine (in the
 * cloud they run on Lambdas of their own). `GET /_local/db` answers the DynamoDB requests sent and
 * records read since start: a call's work, apart from how fast this machine and DynamoDB Local are;
 * and this process's heap in use (MB), to tell a runtime grown slow from a call grown costly.
 */
export function withBenchRoutes(api: RequestListener, idle: () => Promise<void>): RequestListener {
  const { counts } = countDbWork(db().client);
  return (req, res) => {
    if (req.url === "/_local/idle") return void idle().then(() => res.writeHead(204).end());
    if (req.url === "/_local/db") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ...counts, heap_mb: Math.round(process.memoryUsage().heapUsed / 2 ** 20) }));
    api(req, res);
  };
}

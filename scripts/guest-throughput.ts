/**
 * bench:guest's throughput: the local runtime's published guest page and menu JSON under wrk, against
 * nginx serving the same files precompressed (gzip_static: the runtime and the edge keep compressed
 * forms too) and a bare Node http server answering the same bytes from memory (what no Node server
 * can beat on this machine). A server that answers anything but 200 fails the run: its rate would
 * measure nothing.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { loadavg, tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { freePort } from "../packages/local/src/dynamo";
import { CHECK, sized } from "./bench-support";

/** Whether nginx and wrk are there, installed with apt-get when missing (not in check mode: then false). */
export function ensureTools() {
  const missing = ["nginx", "wrk"].filter((t) => spawnSync("sh", ["-c", `command -v ${t} || test -x /usr/sbin/${t}`]).status !== 0);
  if (!missing.length) return true;
  if (CHECK) {
    console.log(`Check mode: ${missing.join(", ")} missing, the throughput comparison with nginx is skipped (no apt-get).`);
    return false;
  }
  console.log(`Installing ${missing.join(", ")} with apt-get…`);
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", ...missing], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return true;
}
const nginxBin = () => (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx");

/** The ratios of the runtime's rate to nginx's, the page's then the JSON's. */
export async function throughput({ base, dataDir, company, store, pagePath, jsonPath }: { base: string; dataDir: string; company: string; store: string; pagePath: string; jsonPath: string }) {
  const ratios: number[] = [];
  const site = mkdtempSync(join(tmpdir(), "menu-nginx-"));
  mkdirSync(join(site, company, store), { recursive: true });
  cpSync(join(dataDir, "objects/m"), join(site, "m"), { recursive: true, filter: (src) => !src.endsWith(".meta") });
  cpSync(join(dataDir, `objects/m/${company}/${store}/ru/menu.html`), join(site, company, store, "menu.html"));
  // Both measured files precompressed (gzip_static), as the runtime and the edge keep compressed forms.
  for (const file of [join(site, company, store, "menu.html"), join(site, jsonPath.slice(1))]) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 6 }));
  const port = await freePort();
  const conf = join(site, "nginx.conf");
  // nginx's workers run as the bench's user: as nobody they cannot read a private temporary folder
  // (every answer was a 403, and its rate was taken for nginx's).
  writeFileSync(
    conf,
    `user ${userInfo().username}; worker_processes ${process.env.BENCH_NGINX_WORKERS ?? "1"}; daemon off; pid ${site}/nginx.pid; error_log ${site}/error.log warn;
events { worker_connections 1024; }
http {
access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
types { text/html html; application/json json; }
gzip_static on; gzip_vary on;
client_body_temp_path ${site}/tmp; proxy_temp_path ${site}/tmp; fastcgi_temp_path ${site}/tmp; uwsgi_temp_path ${site}/tmp; scgi_temp_path ${site}/tmp;
server {
  listen 127.0.0.1:${port};
  root ${site};
  etag on;
  location = ${pagePath} { default_type text/html; try_files /${company}/${store}/menu.html =404; add_header Cache-Control no-cache; }
  location /m/ { add_header Cache-Control "public, max-age=0, must-revalidate"; }
}
}
`,
  );
  mkdirSync(join(site, "tmp"), { recursive: true });
  const nginx = spawn(nginxBin(), ["-c", conf, "-p", site], { stdio: "ignore" });
  const nginxBase = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await fetch(nginxBase + jsonPath).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  const bare = await bareNodeServer(base, [pagePath, jsonPath]);

  const DURATION = process.env.BENCH_SECONDS ?? sized("4", "1");
  const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? sized("32", "4");
  /** Rounds, each server in turn: the machine's moments (other processes, a VM's stolen time) fall on all three alike. */
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(5, 1));
  const wrk = (url: string) => {
    const out = execFileSync("wrk", ["-t2", `-c${CONNECTIONS}`, `-d${DURATION}s`, "--latency", "-H", "Accept-Encoding: gzip, br", url], { encoding: "utf8" });
    // A server that answers errors, or cannot be reached, measures nothing (nginx's 403s were once
    // taken for its rate). Requests that time out on a loaded machine only lower the rate.
    const failed = /Non-2xx or 3xx responses: \d+|Socket errors: connect [1-9].*/.exec(out);
    if (failed) throw new Error(`${url} did not answer every request with 200 (${failed[0]}): no figure is taken from it`);
    return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  // Warm all three (the runtime's edge cache, nginx's page cache).
  for (const b of [base, nginxBase, bare.base]) for (const p of [pagePath, jsonPath]) await fetch(b + p, { headers: { "accept-encoding": "gzip" } });
  // One nginx worker against the runtime's one Node process (BENCH_NGINX_WORKERS=auto for all cores).
  console.log(
    `\nThroughput (wrk, 2 threads, ${CONNECTIONS} connections, ${DURATION} s each, ${ROUNDS} round${ROUNDS === 1 ? "" : "s"} taking turns, gzip/br accepted, loopback; nginx workers: ${process.env.BENCH_NGINX_WORKERS ?? "1"}, load ${loadavg()[0]!.toFixed(2)}):`,
  );
  console.log("  url / server                          req/s (median)   each round");
  try {
    for (const p of [pagePath, jsonPath]) {
      const runs = { local: [] as number[], nginx: [] as number[], bare: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.local.push(wrk(base + p));
        runs.nginx.push(wrk(nginxBase + p));
        runs.bare.push(wrk(bare.base + p));
      }
      const [local, ref, ceiling] = [median(runs.local), median(runs.nginx), median(runs.bare)];
      ratios.push(local / ref);
      const row = (server: string, rps: number, each: number[]) => console.log(`    ${server.padEnd(36)} ${rps.toFixed(0).padStart(8)}   ${each.map((r) => r.toFixed(0)).join(", ")}`);
      console.log(`  ${p}`);
      row("local runtime", local, runs.local);
      row("nginx, precompressed (gzip_static)", ref, runs.nginx);
      row("bare Node http, same bytes", ceiling, runs.bare);
      console.log(`    ratio ${(local / ref).toFixed(2)}× nginx, ${(local / ceiling).toFixed(2)}× bare Node (bare Node: ${(ceiling / ref).toFixed(2)}× nginx)`);
    }
  } finally {
    bare.child.kill();
    nginx.kill("SIGQUIT");
    rmSync(site, { recursive: true, force: true });
  }
  return ratios;
}

/**
 * A bare Node http server (a child process: wrk blocks this one) answering each of `paths` with the
 * bytes and headers the runtime at `base` answers it with (Brotli accepted), from memory: the most a
 * Node server can do for those answers on this machine.
 */
async function bareNodeServer(base: string, paths: string[]) {
  const answers: Record<string, { headers: string[]; body: string }> = {};
  for (const p of paths) {
    // node:http, not fetch: fetch would decompress the body.
    answers[p] = await new Promise((ok, fail) =>
      get(base + p, { headers: { "accept-encoding": "br" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers = Object.entries(res.headers).filter(([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name));
          ok({ headers: headers.flatMap(([name, value]) => [name, String(value)]), body: Buffer.concat(chunks).toString("base64") });
        });
      }).on("error", fail),
    );
  }
  const port = await freePort();
  const source = `const a = ${JSON.stringify(answers)}; for (const k in a) a[k].body = Buffer.from(a[k].body, "base64");
require("node:http").createServer({ highWaterMark: 65536 }, (req, res) => { const x = a[req.url]; if (!x) return res.writeHead(404).end(); res.writeHead(200, x.headers).end(x.body); }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", source], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100 && !(await fetch(url + paths[0]).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 50));
  return { base: url, child };
}

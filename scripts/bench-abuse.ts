/**
 * pnpm bench:abuse — guests' menu while one tenant and one address misbehave (issue 30). Starts the
 * local runtime with the demo data; a closed loop of BENCH_GUESTS guests (default 4) reads the demo
 * store's menu JSON and one client calls GET /api/health, first BENCH_SECONDS (default 20) quietly,
 * then as long again while
 *  - the demo store manager previews hostile spreadsheets back to back (BENCH_PREVIEWERS at once,
 *    default 2, the sheet pool's size on a 2-core machine): a 20 MB-cell zip bomb, an archive whose
 *    entries share one compressed stream, and the largest honest sheet the limits allow;
 *  - one address floods POST /api/events with rounds of 5,000 made-up events in batches of 50
 *    (random item ids, tables that do not exist, search terms that look like personal data), each
 *    batch sent when the last is answered.
 * Prints the p50/p99 of both loops quiet and under abuse, the events accepted and refused, the
 * preview answers by code, and the demo store's analytics rows (metric counters, search-term sets)
 * written meanwhile, read straight from the runtime's DynamoDB Local. Then the owner's sign-in on a
 * browser that signed in before, quiet and beside 40 loopback addresses (127.0.0.2…) each sending
 * 10 wrong passwords for made-up e-mails at once (every one a full password hash). Goals (printed,
 * not the exit code): menu JSON p99 under abuse ≤ 3× quiet (the median of BENCH_RUNS quiet/abuse
 * pairs on the one runtime, default 5, each printed), no row written, the owner's sign-in beside
 * the guesses ≤ 3 s. Loopback only; needs Java and a
 * built web app (the runtime serves the guest pages).
 *
 * Check mode (`BENCH_CHECK=1` or `--check`, scripts/bench-support.ts): 2 guests, 1 s quiet and 1 s
 * under abuse with one previewer. BENCH_BASE_URL and BENCH_DATA_DIR name a running runtime instead
 * of starting one (its DynamoDB Local is read through the data folder's pid file): the flood uses up
 * the loopback address's event allowance of that runtime for the minute, so give it one of its own.
 */
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { configureDb, Db } from "@menu/core";
import { IMPORT_ROWS_MAX } from "@menu/core/import/menu-import-limits";
import { callFrom } from "../e2e/staff-api";
import { workbookEntries, zip } from "../packages/api/test/support/hostile-zip";
import { benchRuntime, closedLoop, demoOf, dynamoEndpoint, percentile, signIn, sized } from "./bench-support";

const SECONDS = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? sized(20, 1)), sized(5, 1)), 40);
const GUESTS = Math.min(Math.max(Number(process.env.BENCH_GUESTS ?? sized(4, 2)), 1), 64);
const PREVIEWERS = Math.min(Math.max(Number(process.env.BENCH_PREVIEWERS ?? sized(2, 1)), 1), 8);
const RATIO_GOAL = 3;
/** Quiet/abuse pairs measured on the one runtime (issue 49: five, and their median). */
const RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? sized(5, 1)), 1), 10);
const ROUND_EVENTS = 5000;
/** Addresses guessing passwords at once, the guesses each sends, the owner's sign-ins measured, and their goal. */
const SIGN_IN_ADDRESSES = sized(40, 8);
const GUESSES_PER_ADDRESS = sized(10, 2);
const OWNER_SIGN_INS = sized(5, 2);
const SIGN_IN_GOAL_MS = 3000;
const BATCH = 50;

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const HEADER = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];
const row = (i: number) => ["Кухня", "Супы", `Суп ${i}`, "", "300 г", "5", "BYN", "", "", "да", ""];
/** Searches a guest might type that are personal data: never to be counted. */
const PERSONAL = ["ivan.petrov@mail.by", "+375 29 123-45-67", "4111 1111 1111 1111", "ул ленина дом 5 кв 12", "пр независимости 58-14", "80291234567"];

/**
 * One wrong sign-in as a browser at `localAddress` sends it (its own CSRF cookie and token): the
 * runtime takes the socket's address, so each loopback address is another client. Answers the status.
 */
async function guess(base: string, localAddress: string, email: string) {
  const call = (method: string, path: string, headers: Record<string, string>, body?: string) => callFrom(base, localAddress, method, path, headers, body);
  const csrf = await call("GET", "/api/auth/csrf", {});
  const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, email, password: "Wrong-password-1", json: "true" }).toString();
  return (await call("POST", "/api/auth/callback/credentials", { cookie: csrf.cookies.join("; "), "content-type": "application/x-www-form-urlencoded" }, form)).status;
}

/** The hostile files, built as the import tests build them (byte by byte, no sheet library). */
function hostileFiles() {
  const bombRow = ["Кухня", "Супы", "x".repeat(20 * 1024 * 1024), "", "300 г", "5", "BYN", "", "", "да", ""];
  return [
    { name: "bomb.xlsx", bytes: zip(workbookEntries([HEADER, bombRow])) },
    { name: "shared.xlsx", bytes: zip(Array.from({ length: 20 }, (_, i) => ({ name: `xl/media/part${i}.xml`, data: "a".repeat(4 * 1024 * 1024) })), { shared: true }) },
    { name: `rows-${IMPORT_ROWS_MAX - 1}.xlsx`, bytes: zip(workbookEntries([HEADER, ...Array.from({ length: IMPORT_ROWS_MAX - 1 }, (_, i) => row(i))])) },
  ];
}

/** One round of the flood: 5,000 events naming nothing the store has, in batches of 50. */
function floodBodies(store_id: string) {
  return Array.from({ length: ROUND_EVENTS / BATCH }, (_, b) =>
    JSON.stringify({
      store_id,
      events: Array.from({ length: BATCH }, (_, i) => {
        const n = b * BATCH + i;
        switch (n % 4) {
          case 0:
            return { type: "item_open", item_id: randomUUID() };
          case 1:
            return { type: "cart_add", item_id: randomUUID() };
          case 2:
            return { type: "qr_scan", table: 90_000 + (n % 10_000) };
          default:
            return { type: "search_miss", term: PERSONAL[n % PERSONAL.length] };
        }
      }),
    }),
  );
}

// Not through withDemoRuntime: the junk count reads the data folder's DynamoDB Local.
const runtime = await benchRuntime("bench-abuse");
try {
  const { baseUrl: base, dataDir } = runtime;
  const demo = demoOf(dataDir);
  configureDb({ table: "menu", endpoint: dynamoEndpoint(dataDir) });

  const pagePath = new URL(demo.menu_urls[0]!).pathname;
  const [, company, store] = pagePath.split("/");
  const jsonPath = `/m/${company}/${store}/ru/index.json`;
  const storeId = ((await (await fetch(base + jsonPath)).json()) as { store: { id: string } }).store.id;
  const manager = demo.logins.find((l) => l.role === "store_manager")!;
  const cookie = await signIn(base, manager.email, manager.password);
  const { csrfToken } = (await (await fetch(`${base}/api/auth/csrf`, { headers: { cookie } })).json()) as { csrfToken: string };

  /** The store's rows that guest events write: counters and the day's search-term sets. */
  const analyticsRows = async () => {
    const metric = await Db().entities.metric.scan.where(({ store_id }, { eq }) => eq(store_id, storeId)).go({ pages: "all" });
    const terms = await Db().entities.searchTerms.scan.where(({ store_id }, { eq }) => eq(store_id, storeId)).go({ pages: "all" });
    return metric.data.length + terms.data.length;
  };

  const files = hostileFiles();
  const previewBodies = files.map((f) => ({ name: f.name, size: f.bytes.length, body: JSON.stringify({ store_id: storeId, file_name: f.name, content: f.bytes.toString("base64") }) }));
  const flood = floodBodies(storeId);

  const menuCall = async () => {
    const res = await fetch(base + jsonPath);
    await res.arrayBuffer();
    return res.status === 200;
  };
  const healthCall = async () => {
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    return res.status === 200;
  };
  for (let i = 0; i < 50; i++) await Promise.all([menuCall(), healthCall()]); // the JIT and the runtime's caches

  /** Both guest loops for SECONDS. */
  const measure = async () => {
    const until = performance.now() + SECONDS * 1000;
    const running = () => performance.now() < until;
    const [menu, health] = await Promise.all([closedLoop(GUESTS, running, menuCall), closedLoop(1, running, healthCall)]);
    return { menu, health };
  };

  console.log(`\nDemo store ${jsonPath}; ${GUESTS} guests in a closed loop on its menu JSON, 1 on GET /api/health, ${SECONDS} s quiet, then ${SECONDS} s under abuse:`);
  for (const f of previewBodies) console.log(`  preview ${f.name} (${(f.size / 1024).toFixed(1)} KB)`);
  console.log(`  events: rounds of ${ROUND_EVENTS} made-up events in batches of ${BATCH}, one address, back to back`);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  /** One run: the guest loops quiet, then beside the abusers; prints the figures, answers the menu's p99 ratio and the junk written. */
  const abuseRun = async (run: number) => {
    const rowsBefore = await analyticsRows();
    const quiet = await measure();

    let abusing = true;
    const previews = new Map<string, number>();
    const previewer = async (first: number) => {
      for (let n = first; abusing; n++) {
        const file = previewBodies[n % previewBodies.length]!;
        let answer: string;
        try {
          const res = await fetch(`${base}/api/menu-import/preview`, {
            method: "POST",
            headers: { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" },
            body: file.body,
            signal: AbortSignal.timeout(60_000),
          });
          const body = (await res.json().catch(() => ({}))) as { code?: string; errors?: { code: string }[]; creates?: number };
          const what = body.errors?.length ? body.errors[0]!.code : body.code ?? (body.creates !== undefined ? `${body.creates} new` : "");
          answer = `${file.name}: ${res.status} ${what}`;
        } catch (error) {
          answer = `${file.name}: failed (${(error as Error).name})`;
        }
        previews.set(answer, (previews.get(answer) ?? 0) + 1);
      }
    };
    const events = { sent: 0, accepted: 0, refused: 0, other: 0 };
    const flooder = async () => {
      for (let n = 0; abusing; n++) {
        events.sent++;
        try {
          const res = await fetch(`${base}/api/events`, { method: "POST", headers: { "content-type": "application/json", "user-agent": PHONE }, body: flood[n % flood.length] });
          await res.arrayBuffer();
          if (res.status === 204) events.accepted++;
          else if (res.status === 429) events.refused++;
          else events.other++;
        } catch {
          events.other++;
        }
      }
    };
    const abusers = [...Array.from({ length: PREVIEWERS }, (_, i) => previewer(i)), flooder()];
    const underAbuse = await measure();
    abusing = false;
    await Promise.all(abusers);
    const rowsAfter = await analyticsRows();

    const ratio = (name: "menu" | "health") => percentile(underAbuse[name].sorted, 0.99) / percentile(quiet[name].sorted, 0.99);
    const line = (label: string, name: "menu" | "health") => {
      const q = quiet[name];
      const a = underAbuse[name];
      console.log(
        `  ${label.padEnd(22)} quiet p50 ${ms(percentile(q.sorted, 0.5))}, p99 ${ms(percentile(q.sorted, 0.99))} (${q.sorted.length} answered, ${q.failed} failed);` +
          ` under abuse p50 ${ms(percentile(a.sorted, 0.5))}, p99 ${ms(percentile(a.sorted, 0.99))} (${a.sorted.length} answered, ${a.failed} failed); p99 ratio ${ratio(name).toFixed(2)}×`,
      );
    };
    console.log(`\nResults of run ${run} of ${RUNS} (load ${loadavg()[0]!.toFixed(2)}):`);
    line("menu JSON", "menu");
    line("GET /api/health", "health");
    console.log(`  event batches          ${events.sent} sent (${(events.sent * BATCH).toLocaleString("en")} events): ${events.accepted} accepted (204), ${events.refused} refused (429), ${events.other} other`);
    console.log("  preview answers:");
    for (const [answer, n] of [...previews].sort()) console.log(`    ${answer.padEnd(40)} ×${n}`);
    const junk = rowsAfter - rowsBefore;
    console.log(`  analytics rows of the store: ${rowsBefore} before, ${rowsAfter} after (junk written: ${junk})`);
    return { ratio: ratio("menu"), junk };
  };
  const runs = [];
  for (let run = 1; run <= RUNS; run++) runs.push(await abuseRun(run));
  const ratios = runs.map((r) => r.ratio);
  const medianRatio = percentile([...ratios].sort((a, b) => a - b), 0.5);
  const junk = runs.reduce((sum, r) => sum + r.junk, 0);
  console.log(`\nmenu JSON p99 ratio under abuse, ${RUNS} run(s): ${ratios.map((r) => `${r.toFixed(2)}×`).join(", ")}; median ${medianRatio.toFixed(2)}×`);

  // Sign-in under a flood of wrong passwords (issue 49, point 5): SIGN_IN_ADDRESSES addresses of
  // loopback (127.0.0.2…) each try wrong passwords for made-up e-mails (each costs a full hash)
  // while the owner, on a browser that signed in before, signs in again and again.
  const owner = demo.logins.find((l) => l.role === "company_manager")!;
  const device = /qrm_device=[^;]+/.exec(await signIn(base, owner.email, owner.password))![0];
  const ownerSignIn = async () => {
    const started = performance.now();
    const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie: device } });
    const csrfCookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: `${device}; ${csrfCookie}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: owner.email, password: owner.password, json: "true" }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`The owner's sign-in answered ${res.status}`);
    return performance.now() - started;
  };
  const quietSignIns: number[] = [];
  for (let i = 0; i < OWNER_SIGN_INS; i++) quietSignIns.push(await ownerSignIn());
  const wrong = new Map<number, number>();
  let flooding = true;
  const guesser = async (n: number) => {
    const localAddress = `127.0.0.${2 + n}`;
    for (let i = 0; i < GUESSES_PER_ADDRESS && flooding; i++) {
      const status = await guess(base, localAddress, `guess-${n}-${i}-${randomUUID().slice(0, 8)}@example.com`);
      wrong.set(status, (wrong.get(status) ?? 0) + 1);
    }
  };
  const guessers = Array.from({ length: SIGN_IN_ADDRESSES }, (_, n) => guesser(n));
  const floodedSignIns: number[] = [];
  for (let i = 0; i < OWNER_SIGN_INS; i++) floodedSignIns.push(await ownerSignIn());
  flooding = false;
  await Promise.all(guessers);
  const slowest = Math.max(...floodedSignIns);
  console.log(
    `  owner's sign-in (known device) quiet ${quietSignIns.map((t) => ms(t)).join(", ")};` +
      ` beside ${SIGN_IN_ADDRESSES} addresses guessing at once ${floodedSignIns.map((t) => ms(t)).join(", ")}` +
      ` (guesses answered ${JSON.stringify(Object.fromEntries(wrong))})`,
  );

  const goals = [
    [`menu JSON p99 under abuse ≤ ${RATIO_GOAL}× quiet, median of ${RUNS} run(s) (${medianRatio.toFixed(2)}×; worst ${Math.max(...ratios).toFixed(2)}×)`, medianRatio <= RATIO_GOAL],
    [`no junk rows written (${junk})`, junk === 0],
    [`the owner's sign-in beside the guesses ≤ ${SIGN_IN_GOAL_MS / 1000} s (slowest ${ms(slowest)})`, slowest <= SIGN_IN_GOAL_MS],
  ] as const;
  console.log("");
  for (const [what, met] of goals) console.log(`goal ${met ? "met" : "missed"}: ${what}`);
} finally {
  await runtime.stop();
}

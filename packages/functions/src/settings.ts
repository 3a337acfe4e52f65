/**
 * Settings kept in SSM, read once at cold start into `process.env`, where the code reads them
 * (core/auth/keys.ts, api/routes/subscription.ts, core/auth/config.ts):
 * - the SST `Config.Secret`s bound to the function (stacks/Api.ts): SST sets
 *   `SST_Secret_value_<NAME>=__FETCH_FROM_SSM__`, the value being at `<SST_SSM_PREFIX>Secret/<NAME>/value`
 *   or, when the stage has none, at the app's fallback `/sst/<app>/.fallback/Secret/<NAME>/value`
 *   (what `sst/node/config` reads, without its copy of the SSM client);
 * - the site's address when no PUBLIC_BASE_URL was set at deploy: the Web stack writes it (the
 *   distribution's domain) as the SST parameter PUBLIC_BASE_URL, which the functions cannot bind
 *   (Web depends on Api), so stacks/Workers.ts asks for it with the same variable SST would set.
 */
import { getParameters } from "./ssm";

export const SSM_SETTINGS = ["AUTH_SECRET", "PAYMENT_WEBHOOK_SECRET", "PUBLIC_BASE_URL"] as const;
const FETCH = "__FETCH_FROM_SSM__";

export async function loadCloudSettings(env = process.env) {
  const path = (kind: "Secret" | "Parameter", name: string) => `${env.SST_SSM_PREFIX ?? ""}${kind}/${name}/value`;
  const fallback = (name: string) => `/sst/${env.SST_APP}/.fallback/Secret/${name}/value`;
  const wanted = SSM_SETTINGS.filter((name) => !env[name]).flatMap((name) =>
    env[`SST_Secret_value_${name}`] === FETCH
      ? [{ name, secret: true, path: path("Secret", name) }]
      : env[`SST_Parameter_value_${name}`] === FETCH
        ? [{ name, secret: false, path: path("Parameter", name) }]
        : [],
  );
  if (!wanted.length) return;
  const { values } = await getParameters(wanted.map((w) => w.path), env);
  const unset = wanted.filter((w) => w.secret && !values.has(w.path));
  if (unset.length) {
    const fallbacks = await getParameters(unset.map((w) => fallback(w.name)), env);
    for (const w of unset) if (fallbacks.values.has(fallback(w.name))) values.set(w.path, fallbacks.values.get(fallback(w.name))!);
  }
  for (const { name, secret, path } of wanted) {
    const value = values.get(path);
    if (value !== undefined) env[name] = value;
    // Better than unsigned sessions: a bound secret never set ("sst secrets set") stops the cold start.
    else if (secret) throw new Error(`The secret ${name} is not set in the "${env.SST_STAGE}" stage: sst secrets set ${name} …`);
    // The site's address is written by the Web stack, after the functions exist: absent only mid first deploy.
    else console.warn(`${name} is not in SSM yet`);
  }
}

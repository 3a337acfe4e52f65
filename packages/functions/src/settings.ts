/**
 * Settings kept in SSM, read once at cold start into `process.env`, where the code reads them
 * (core/auth/keys.ts, api/routes/subscription.ts, core/auth/config.ts):
 * - the SST `Config.Secret`s bound to the function (stacks/Api.ts): SST sets
 *   `SST_Secret_value_<NAME>=__FETCH_FROM_SSM__` and `sst/node/config` fetches the values;
 * - the site's address when no PUBLIC_BASE_URL was set at deploy: the Web stack writes it (the
 *   distribution's domain) as the SST parameter PUBLIC_BASE_URL, which the functions cannot bind
 *   (Web depends on Api), so stacks/Workers.ts asks for it with the same variable SST would set.
 */
export const SSM_SETTINGS = ["AUTH_SECRET", "PAYMENT_WEBHOOK_SECRET", "PUBLIC_BASE_URL"] as const;

export async function loadCloudSettings(env = process.env) {
  const wanted = SSM_SETTINGS.filter(
    (name) => !env[name] && (env[`SST_Secret_value_${name}`] || env[`SST_Parameter_value_${name}`]),
  );
  if (!wanted.length) return;
  // Throws at cold start when a bound secret was never set ("sst secrets set"): better than unsigned sessions.
  const { Config } = await import("sst/node/config");
  for (const name of wanted) {
    try {
      env[name] = (Config as unknown as Record<string, string>)[name];
    } catch {
      // The site's address is written by the Web stack, after the functions exist: absent only mid first deploy.
      console.warn(`${name} is not in SSM yet`);
    }
  }
}

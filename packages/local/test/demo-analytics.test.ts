import { describe, expect, it } from "vitest";
import { clock, withActor } from "@menu/core";
import { storeAnalytics } from "@menu/core/analytics/report";
import { venue } from "../../core/test/fixtures";
import { DEMO_ANALYTICS_DAYS, seedDemoAnalytics } from "../src/demo/analytics";

describe("the demo's analytics history", () => {
  it("fills every figure of the overview for 7 and 30 days and their previous periods, leaving today to real visits", async () => {
    const v = await venue("demostats");
    await seedDemoAnalytics(v.company_id, [v.store_id], clock.now());
    const overview = (period: "7" | "30") => withActor({ type: "system" }, () => storeAnalytics({ storeId: v.store_id, period }));
    for (const period of ["7", "30"] as const) {
      const a = await overview(period);
      for (const [figure, total] of Object.entries(a.totals)) {
        expect(total.value, `${period} ${figure}`).toBeGreaterThan(0);
        expect(total.previous, `${period} ${figure}`).toBeGreaterThan(0);
      }
      expect(a.daily.at(-1)!.views).toBe(0);
      expect(a.tables[0]!.value).toBeGreaterThan(0);
      expect(a.items_viewed.length).toBeGreaterThan(0);
      expect(a.languages.map((l) => l.language).sort()).toEqual(["en", "ru", "zh"]);
      expect(a.searches.length).toBeGreaterThan(0);
      expect(a.heatmap.flat().some((n) => n > 0)).toBe(true);
    }
    expect(DEMO_ANALYTICS_DAYS).toBeGreaterThan(30);
  });
});

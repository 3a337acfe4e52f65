/** Category schedules in the store's time zone: the gaps the publish tests leave (SPEC.md section 4). */
import { describe, expect, it } from "vitest";
import { ScheduleForm } from "@menu/core/category/schemas";
import { nextBoundary, scheduleAllows, zonedTime, zoneOffsets } from "@menu/core/shared/schedule";

const at = (iso: string, zone: string) => zonedTime(new Date(iso), zone);

describe("category schedules", () => {
  it("treats equal start and end as the whole of each scheduled day", () => {
    const allDay = { enabled: true, days: ["sun"], start: "00:00", end: "00:00" };
    expect(scheduleAllows(allDay, at("2030-03-10T00:05:00Z", "UTC"))).toBe(true); // Sun 00:05
    expect(scheduleAllows(allDay, at("2030-03-10T23:59:00Z", "UTC"))).toBe(true); // Sun 23:59
    expect(scheduleAllows(allDay, at("2030-03-11T00:00:00Z", "UTC"))).toBe(false); // Mon 00:00
  });

  it("includes the start minute and excludes the end minute, also past midnight", () => {
    const night = { enabled: true, days: ["sat"], start: "23:00", end: "01:00" };
    expect(scheduleAllows(night, at("2030-03-09T23:00:00Z", "UTC"))).toBe(true); // Sat 23:00
    expect(scheduleAllows(night, at("2030-03-10T00:59:00Z", "UTC"))).toBe(true); // Sun 00:59, Saturday's window
    expect(scheduleAllows(night, at("2030-03-10T01:00:00Z", "UTC"))).toBe(false); // Sun 01:00
    expect(scheduleAllows(night, at("2030-03-09T00:30:00Z", "UTC"))).toBe(false); // Sat 00:30 belongs to Friday
  });

  it("follows the zone's clock across a daylight-saving change", () => {
    const lunch = { enabled: true, days: ["sun"], start: "12:00", end: "16:00" };
    // Berlin moves to summer time on Sunday 31 March 2030: noon is 10:00 UTC that day, 11:00 UTC the week before.
    expect(scheduleAllows(lunch, at("2030-03-31T10:00:00Z", "Europe/Berlin"))).toBe(true);
    expect(scheduleAllows(lunch, at("2030-03-24T10:00:00Z", "Europe/Berlin"))).toBe(false);
    expect(scheduleAllows(lunch, at("2030-03-24T11:00:00Z", "Europe/Berlin"))).toBe(true);
    expect(nextBoundary([lunch.start, lunch.end], new Date("2030-03-31T09:00:00Z"), "Europe/Berlin")?.toISOString()).toBe("2030-03-31T10:00:00.000Z");
  });

  it("validates the form: at least one day, HH:MM times, days kept in week order without repeats", () => {
    expect(ScheduleForm.parse({ enabled: true, days: ["sun", "mon", "sun"], start: "08:00", end: "12:00" }).days).toEqual(["mon", "sun"]);
    const empty = ScheduleForm.safeParse({ enabled: true, days: [], start: "08:00", end: "12:00" });
    expect(empty.error?.issues[0]?.message).toBe("This field is required");
    for (const bad of ["24:00", "8:00", "12:60", ""]) {
      expect(ScheduleForm.safeParse({ enabled: true, days: ["mon"], start: bad, end: "12:00" }).success).toBe(false);
    }
  });
});

describe("time-zone offsets published for the guest's phone", () => {
  it("finds daylight-saving changes to the minute and gives the same wall-clock time as the zone's formatter", () => {
    const offsets = zoneOffsets("Europe/Berlin", new Date("2030-06-01T00:00:00Z"));
    // 2030: CET (+60) until 31 March 01:00 UTC, CEST (+120) until 27 October 01:00 UTC; the same in 2031.
    expect(offsets.changes.slice(0, 3)).toEqual([
      [Date.UTC(2030, 0, 1), 60],
      [Date.UTC(2030, 2, 31, 1), 120],
      [Date.UTC(2030, 9, 27, 1), 60],
    ]);
    expect(offsets.changes).toHaveLength(5);
    expect(offsets.until).toBe(Date.UTC(2032, 0, 1));
    for (const iso of ["2030-03-31T00:59:00Z", "2030-03-31T01:00:00Z", "2030-10-27T00:59:00Z", "2030-10-27T01:00:00Z", "2031-07-14T21:30:00Z", "2031-12-31T23:59:00Z"]) {
      expect(zonedTime(new Date(iso), "Europe/Berlin", offsets), iso).toEqual(zonedTime(new Date(iso), "Europe/Berlin"));
    }
  });

  it("keeps one offset for a zone without changes, and falls back to the formatter outside the span", () => {
    const offsets = zoneOffsets("Europe/Minsk", new Date("2030-06-01T00:00:00Z"));
    expect(offsets.changes).toEqual([[Date.UTC(2030, 0, 1), 180]]);
    expect(zonedTime(new Date("2030-05-05T20:30:00Z"), "Europe/Minsk", offsets)).toEqual({ day: "sun", minutes: 23 * 60 + 30, year: 2030, month: 5, date: 5 });
    // After the span (and before it) the zone's own rules answer, whatever the offsets say.
    const wrong = { until: Date.UTC(2030, 0, 2), changes: [[Date.UTC(2030, 0, 1), 0]] as [number, number][] };
    expect(zonedTime(new Date("2030-05-05T20:30:00Z"), "Europe/Minsk", wrong).minutes).toBe(23 * 60 + 30);
    expect(zonedTime(new Date("2029-12-31T22:30:00Z"), "Europe/Minsk", wrong).minutes).toBe(90);
  });
});

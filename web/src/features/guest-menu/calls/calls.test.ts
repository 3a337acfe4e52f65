import { describe, expect, it } from "vitest";
import { callAge } from "./clock";
import { passPrefix, readTablePass } from "./pass";
import { dropPending, pendingCalls, queueCall } from "./queue";

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const NOW = Date.parse("2026-11-28T12:00:00Z");
const payload = { v: 1, c: "demo", s: "center", t: 5, k: "qrkey", exp: NOW / 1000 + 3600 };
const cookie = (value: unknown, extra = "menu_language=ru") => `${extra}; table_pass=${b64url(value)}.c2lnbmF0dXJl`;

describe("the table pass in the guest page", () => {
  it("names the table when it is this store's and has not expired", () => {
    expect(readTablePass(cookie(payload), "demo", "center", NOW)).toEqual({ table: 5, expiresAt: payload.exp * 1000 });
  });

  it("is ignored for another store or company, once expired, and when missing or malformed", () => {
    expect(readTablePass(cookie(payload), "demo", "north", NOW)).toBeUndefined();
    expect(readTablePass(cookie(payload), "other", "center", NOW)).toBeUndefined();
    expect(readTablePass(cookie({ ...payload, exp: NOW / 1000 - 1 }), "demo", "center", NOW)).toBeUndefined();
    expect(readTablePass(cookie({ ...payload, v: 2 }), "demo", "center", NOW)).toBeUndefined();
    expect(readTablePass(cookie({ ...payload, t: "5" }), "demo", "center", NOW)).toBeUndefined();
    expect(readTablePass("menu_language=ru", "demo", "center", NOW)).toBeUndefined();
    expect(readTablePass("table_pass=%%%not-base64.sig", "demo", "center", NOW)).toBeUndefined();
  });

  it("carries the table's own name when the scan's link had one (issue 48)", () => {
    expect(readTablePass(cookie({ ...payload, n: "Терраса 3" }), "demo", "center", NOW)).toEqual({ table: 5, expiresAt: payload.exp * 1000, name: "Терраса 3" });
    expect(readTablePass(cookie({ ...payload, n: 7 }), "demo", "center", NOW)).toEqual({ table: 5, expiresAt: payload.exp * 1000 });
  });

  it("begins with the store's pass prefix, which the starter looks for; another store's does not", () => {
    for (const s of ["center", "центр", "park"]) expect(cookie({ ...payload, s })).toContain(`table_pass=${passPrefix("demo", s)}`);
    expect(cookie(payload)).not.toContain(`table_pass=${passPrefix("demo", "centerx")}`);
    expect(cookie(payload)).not.toContain(`table_pass=${passPrefix("demo", "cente")}`);
  });

  it("reads non-Latin store keys (UTF-8 in the payload)", () => {
    expect(readTablePass(cookie({ ...payload, s: "центр" }), "demo", "центр", NOW)?.table).toBe(5);
  });
});

describe("the call's age (issue 48)", () => {
  it("says 'just now' under a minute, then whole minutes in the language's words", () => {
    expect(callAge(NOW, NOW + 59_000, "en", "just now")).toBe("just now");
    expect(callAge(NOW, NOW + 125_000, "ru", "только что")).toBe("2 мин. назад");
    expect(callAge(NOW, NOW + 61 * 60_000, "en", "just now")).toBe("61 min. ago");
    expect(callAge(NOW, NOW + 5 * 60_000, "zh", "刚刚")).toBe("5分钟前");
    expect(callAge(NOW, NOW + 2 * 60_000, "ar", "الآن")).toBe("قبل دقيقتين");
  });

  it("never goes below zero when the phone's clock runs behind", () => {
    expect(callAge(NOW, NOW - 5_000, "fr", "à l’instant")).toBe("à l’instant");
  });
});

describe("the offline queue", () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
  };

  it("keeps one call per kind, the newer replacing the older, per table", () => {
    const storage = memory();
    queueCall(storage, "demo/center/5", { kind: "waiter", note: "", queued_at: 1 });
    queueCall(storage, "demo/center/5", { kind: "bill", note: "card", queued_at: 2 });
    queueCall(storage, "demo/center/5", { kind: "waiter", note: "water", queued_at: 3 });
    expect(pendingCalls(storage, "demo/center/5")).toEqual([
      { kind: "bill", note: "card", queued_at: 2 },
      { kind: "waiter", note: "water", queued_at: 3 },
    ]);
    expect(pendingCalls(storage, "demo/center/6")).toEqual([]);
  });

  it("forgets a sent call and leaves no key when none is left", () => {
    const storage = memory();
    queueCall(storage, "s", { kind: "waiter", note: "", queued_at: 1 });
    expect(dropPending(storage, "s", "waiter")).toEqual([]);
    expect(storage.data.size).toBe(0);
  });

  it("reads a damaged entry as empty", () => {
    const storage = memory();
    storage.setItem("table-calls:s", "{not json");
    expect(pendingCalls(storage, "s")).toEqual([]);
    storage.setItem("table-calls:s", JSON.stringify([{ kind: "dance", note: "", queued_at: 1 }]));
    expect(pendingCalls(storage, "s")).toEqual([]);
  });
});

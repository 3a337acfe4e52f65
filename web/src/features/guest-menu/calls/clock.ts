/** A call's waiting time as minutes:seconds ("0:45", "12:03"); never negative (clocks differ). */
export function waited(fromMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

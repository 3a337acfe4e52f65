import { createFileRoute } from "@tanstack/react-router";
import { Dashboard } from "@/features/admin-panel/dashboard";

type DashboardSearch = { period?: "7" | "30" | "90" | "custom"; from?: string; to?: string };
const day = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The overview; `?period=7|30|90|custom&from&to` keeps the chosen period in the address. */
export const Route = createFileRoute("/$company/$store/admin-panel/")({
  validateSearch: (search: Record<string, unknown>): DashboardSearch => {
    const period = ["7", "30", "90", "custom"].includes(String(search.period)) ? (String(search.period) as DashboardSearch["period"]) : undefined;
    return period === "custom" ? { period, from: day(search.from), to: day(search.to) } : period ? { period } : {};
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { user, cs } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const range = search.period === "custom" && search.from && search.to ? { period: "custom" as const, from: search.from, to: search.to } : { period: search.period && search.period !== "custom" ? search.period : ("7" as const) };
  return <Dashboard user={user} cs={cs} range={range} onRange={(r) => void navigate({ search: r.period === "7" ? {} : r, replace: true })} />;
}

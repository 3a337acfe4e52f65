import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { hasVisibleText } from "@menu/core/shared/text-rules";
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert } from "@/components/form/fields";
import "@/components/layout/staff.css";
import { ROLE_LABELS } from "@/components/user-menu";
import type { CsObject } from "@/lib/admin-scope";
import { api, unwrap } from "@/lib/api";
import { errorMessageFor } from "@/lib/errors";
import { ownedStoresQueryOptions, type SessionUser } from "@/lib/session";
import { UserFormDialog, type UserRow } from "./user-form-dialog";
import { PageHead } from "@/components/layout/page-head";

export const usersQueryOptions = (companyId: string) => ({
  queryKey: ["users", companyId] as const,
  queryFn: () => unwrap(api.api.users.$get({ query: { companyId } })),
});

/**
 * A user's name as the list shows it. Users without names exist (a registered company's first
 * manager, an invitation accepted with the names left empty, older data): their e-mail stands in,
 * so no row is ever blank. Names of only invisible characters (older data) count as none.
 */
function userLabel(user: Pick<UserRow, "first_name" | "last_name" | "email">) {
  const name = [user.first_name, user.last_name]
    .map((part) => (part ?? "").trim())
    .filter(hasVisibleText)
    .join(" ");
  return { name, label: name || user.email };
}

/** settings/users: the company's users — list, create, edit, delete (admins and company managers). */
export function UsersPage({ viewer, cs }: { viewer: SessionUser; cs: CsObject }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const users = useQuery(usersQueryOptions(cs.company_id));
  const stores = useQuery(ownedStoresQueryOptions(cs.company_id));
  const [editing, setEditing] = useState<UserRow | "new" | undefined>();
  const [deleting, setDeleting] = useState<UserRow | undefined>();
  const storeName = (id: string) => stores.data?.find((s) => s.store_id === id)?.store_name ?? "—";

  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "users.title" })} — QR Menu`;
  }, [intl]);

  const remove = useMutation({
    mutationFn: (id: string) => unwrap(api.api.users[":userId"].$delete({ param: { userId: id } })),
    onSuccess: () => {
      toast.success(intl.formatMessage({ id: "users.deleted" }));
      setDeleting(undefined);
      void queryClient.invalidateQueries({ queryKey: ["users", cs.company_id] });
    },
  });

  return (
    <>
      <PageHead title={<FormattedMessage id="users.title" />} lead={<FormattedMessage id="users.lead" />}>
        <button type="button" className="btn btn--primary" onClick={() => setEditing("new")} data-testid="add-user">
          <FormattedMessage id="users.add" />
        </button>
      </PageHead>

      <section className="panel">
        {users.isPending ? (
          <p role="status">
            <FormattedMessage id="common.loading" />
          </p>
        ) : users.error ? (
          <FormAlert>{errorMessageFor(users.error)}</FormAlert>
        ) : (
          <table className="data-table" data-testid="users-table">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="users.colUser" />
                </th>
                <th scope="col">
                  <FormattedMessage id="users.colRole" />
                </th>
                <th scope="col">
                  <FormattedMessage id="users.colStore" />
                </th>
                <th scope="col">
                  <FormattedMessage id="users.colStatus" />
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <FormattedMessage id="users.colActions" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => {
                const { name, label } = userLabel(u);
                return (
                  <tr key={u.id} data-testid="user-row">
                    <td>
                      <div className="data-table__primary" data-testid="user-name">
                        {label}
                        {u.id === viewer.id ? (
                          <span className="data-table__secondary">
                            {" "}
                            (<FormattedMessage id="users.you" />)
                          </span>
                        ) : null}
                      </div>
                      {name ? <div className="data-table__secondary">{u.email}</div> : null}
                      {u.pending_email ? (
                        <div className="data-table__secondary">
                          <FormattedMessage id="users.pendingEmail" values={{ email: u.pending_email }} />
                        </div>
                      ) : null}
                    </td>
                    <td data-label={intl.formatMessage({ id: "users.colRole" })}>
                      <FormattedMessage id={ROLE_LABELS[u.role]} />
                    </td>
                    <td data-label={intl.formatMessage({ id: "users.colStore" })}>
                      {u.role === "store_manager" ? storeName(u.store_id) : <FormattedMessage id="users.allStores" />}
                    </td>
                    <td data-label={intl.formatMessage({ id: "users.colStatus" })}>
                      <StatusPill user={u} />
                    </td>
                    <td>
                      <div className="data-table__actions">
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={intl.formatMessage({ id: "users.edit" }, { name: label })}
                          title={intl.formatMessage({ id: "users.edit" }, { name: label })}
                          onClick={() => setEditing(u)}
                        >
                          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                            <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
                            <path d="m13.5 6.5 4 4" />
                          </svg>
                        </button>
                        {u.id !== viewer.id ? (
                          <button
                            type="button"
                            className="icon-button icon-button--danger"
                            aria-label={intl.formatMessage({ id: "users.delete" }, { name: label })}
                            title={intl.formatMessage({ id: "users.delete" }, { name: label })}
                            onClick={() => setDeleting(u)}
                          >
                            <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                            </svg>
                          </button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      {editing ? (
        <UserFormDialog
          viewer={viewer}
          cs={cs}
          stores={stores.data ?? []}
          user={editing === "new" ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      ) : null}

      <Dialog
        open={!!deleting}
        onClose={() => setDeleting(undefined)}
        size="sm"
        title={<FormattedMessage id="users.deleteTitle" />}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setDeleting(undefined)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id)}
              data-testid="confirm-delete"
            >
              <FormattedMessage id="common.delete" />
            </button>
          </>
        }
      >
        {deleting ? (
          <p>
            <FormattedMessage id="users.deleteText" values={{ name: <strong>{userLabel(deleting).label}</strong> }} />
          </p>
        ) : null}
      </Dialog>
    </>
  );
}

function StatusPill({ user }: { user: UserRow }) {
  if (!user.active) {
    return (
      <span className="pill pill--off">
        <FormattedMessage id="users.statusDeactivated" />
      </span>
    );
  }
  if (!user.email_confirmed) {
    return (
      <span className="pill pill--wait">
        <FormattedMessage id="users.statusInvited" />
      </span>
    );
  }
  return (
    <span className="pill pill--ok">
      <FormattedMessage id="users.statusActive" />
    </span>
  );
}

import { useQuery } from "@tanstack/react-query";
import { hasVisibleText } from "@menu/core/shared/text-rules";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable, type Column } from "@/components/data-table";
import { IconButton } from "@/components/icon-button";
import "@/components/layout/staff.css";
import { PageHead } from "@/components/layout/page-head";
import { ROLE_LABELS } from "@/components/user-menu";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import { ownedStoresQueryOptions, type SessionUser } from "@/lib/session";
import { useDeleteUser, usersQueryOptions, type UserItem } from "./api";
import { UserFormDialog } from "./user-form-dialog";
import { usePageTitle } from "@/lib/page-title";

/**
 * A user's name as the list shows it. Users without names exist (a registered company's first
 * manager, an invitation accepted with the names left empty, older data): their e-mail stands in,
 * so no row is ever blank. Names of only invisible characters (older data) count as none.
 */
function userLabel(user: Pick<UserItem, "first_name" | "last_name" | "email">) {
  const name = [user.first_name, user.last_name]
    .map((part) => (part ?? "").trim())
    .filter(hasVisibleText)
    .join(" ");
  return { name, label: name || user.email };
}

/** settings/users: the company's users — list, create, edit, delete (admins and company managers). */
export function UsersPage({ viewer, cs }: { viewer: SessionUser; cs: CsObject }) {
  const intl = useIntl();
  const users = useQuery(usersQueryOptions(cs.company_id));
  const stores = useQuery(ownedStoresQueryOptions(cs.company_id));
  const [editing, setEditing] = useState<UserItem | "new" | undefined>();
  const [deleting, setDeleting] = useState<UserItem | undefined>();
  const storeName = (id: string) => stores.data?.find((s) => s.store_id === id)?.store_name ?? "—";

  usePageTitle(intl.formatMessage({ id: "users.title" }));

  const remove = useDeleteUser(cs.company_id);
  const deleted = () => {
    toast.success(intl.formatMessage({ id: "users.deleted" }));
    setDeleting(undefined);
  };
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns: Column<UserItem>[] = [
    { header: t("users.colUser"), cell: (u) => <UserCell user={u} you={u.id === viewer.id} /> },
    { header: t("users.colRole"), labelled: true, cell: (u) => <FormattedMessage id={ROLE_LABELS[u.role]} /> },
    { header: t("users.colStore"), labelled: true, cell: (u) => (u.role === "store_manager" ? storeName(u.store_id) : <FormattedMessage id="users.allStores" />) },
    { header: t("users.colStatus"), labelled: true, cell: (u) => <StatusPill user={u} /> },
    {
      header: t("users.colActions"),
      hiddenHeader: true,
      cell: (u) => {
        const { label } = userLabel(u);
        return (
          <div className="data-table__actions">
            <IconButton icon="edit" label={intl.formatMessage({ id: "users.edit" }, { name: label })} onClick={() => setEditing(u)} />
            {u.id !== viewer.id ? <IconButton icon="delete" danger label={intl.formatMessage({ id: "users.delete" }, { name: label })} onClick={() => setDeleting(u)} /> : null}
          </div>
        );
      },
    },
  ];

  return (
    <>
      <PageHead title={<FormattedMessage id="users.title" />} lead={<FormattedMessage id="users.lead" />}>
        <button type="button" className="btn btn--primary" onClick={() => setEditing("new")} data-testid="add-user">
          <FormattedMessage id="users.add" />
        </button>
      </PageHead>

      <section className="panel">
        <DataTable className="data-table" testId="users-table" load={users} rows={users.data ?? []} columns={columns} rowKey={(u) => u.id} rowTestId="user-row" />
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

      <ConfirmDialog
        open={!!deleting}
        title={<FormattedMessage id="users.deleteTitle" />}
        confirmLabel="common.delete"
        confirmTestId="confirm-delete"
        tone="danger"
        pending={remove.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: deleted })}
      >
        {deleting ? <p><FormattedMessage id="users.deleteText" values={{ name: <strong>{userLabel(deleting).label}</strong> }} /></p> : null}
      </ConfirmDialog>
    </>
  );
}

/** The name (or the e-mail standing in for it), the e-mail, and an e-mail change waiting for confirmation. */
function UserCell({ user, you }: { user: UserItem; you: boolean }) {
  const { name, label } = userLabel(user);
  return (
    <>
      <div className="data-table__primary" data-testid="user-name">
        {label}
        {you ? (
          <span className="data-table__secondary">
            {" "}
            (<FormattedMessage id="users.you" />)
          </span>
        ) : null}
      </div>
      {name ? <div className="data-table__secondary">{user.email}</div> : null}
      {user.pending_email ? (
        <div className="data-table__secondary">
          <FormattedMessage id="users.pendingEmail" values={{ email: user.pending_email }} />
        </div>
      ) : null}
    </>
  );
}

function StatusPill({ user }: { user: UserItem }) {
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

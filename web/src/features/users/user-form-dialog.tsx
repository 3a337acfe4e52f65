import { MAX_STORE_MANAGERS } from "@menu/core/shared/roles";
import { UserForm } from "@menu/core/shared/account-forms";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormDialog } from "@/components/form-dialog";
import { CheckboxField, SelectField, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { apiFieldError } from "@/components/form/validation";
import { ROLE_LABELS } from "@/components/user-menu";
import type { CsObject } from "@/lib/admin-scope";
import type { OwnedStore, SessionUser } from "@/lib/session";
import { useSaveUser, type SavedUser } from "./api";

export type UserRow = SessionUser;
type Role = SessionUser["role"];

const FIELDS = ["email", "store_id"] as const;

/**
 * Create or edit a user: first and last name (both required, also on edit: a user listed without
 * names gets them with the next edit), e-mail, role, store (store managers), password, and
 * on edit whether the account is active. A new user is invited by e-mail; a changed e-mail is
 * confirmed by the new address first.
 */
export function UserFormDialog({
  viewer,
  cs,
  stores,
  user,
  onClose,
}: {
  viewer: SessionUser;
  cs: CsObject;
  stores: OwnedStore[];
  user?: UserRow;
  onClose: () => void;
}) {
  const intl = useIntl();
  const self = user?.id === viewer.id;
  const form = useZodForm(UserForm, {
    first_name: user?.first_name ?? "",
    last_name: user?.last_name ?? "",
    email: user?.email ?? "",
    role: user?.role ?? "store_manager",
    store_id: user?.role === "store_manager" ? user.store_id : cs.store_id,
    password: "",
    active: user?.active ?? true,
  });
  const roles: Role[] =
    user?.role === "admin" ? ["admin"] : viewer.role === "admin" ? ["admin", "company_manager", "store_manager"] : ["company_manager", "store_manager"];

  const save = useSaveUser(cs.company_id, user, self);
  const saved = (result: SavedUser) => {
    toast.success(
      intl.formatMessage(
        { id: user ? (result.pending_email && result.pending_email !== user.pending_email ? "users.savedPendingEmail" : "users.saved") : "users.created" },
        { email: result.pending_email ?? result.email },
      ),
    );
    onClose();
  };
  const isStoreManager = form.values.role === "store_manager";

  return (
    <FormDialog
      testId="user-dialog"
      title={user ? <FormattedMessage id="users.editTitle" /> : <FormattedMessage id="users.addTitle" />}
      submitLabel={user ? "common.save" : "users.invite"}
      pending={save.isPending}
      error={save.error && !apiFieldError(save.error, FIELDS) ? save.error : undefined}
      onClose={onClose}
      onSubmit={() => {
        const values = form.validate();
        if (values)
          save.mutate(
            { ...values, active: form.values.active === true },
            {
              onSuccess: saved,
              onError: (error) => {
                const field = apiFieldError(error, FIELDS);
                if (field) form.setFieldError(...field);
              },
            },
          );
      }}
    >
      <div className="form__row form__row--2">
        <TextField label="form.firstName" autoComplete="off" required {...form.bind("first_name")} />
        <TextField label="form.lastName" autoComplete="off" required {...form.bind("last_name")} />
      </div>
      <TextField
        label="form.email"
        type="email"
        autoComplete="off"
        required
        hint={user ? <FormattedMessage id="users.emailChangeHint" /> : <FormattedMessage id="users.inviteHint" />}
        {...form.bind("email")}
      />
      <div className="form__row form__row--2">
        <SelectField
          label="users.role"
          disabled={self || roles.length === 1}
          options={roles.map((r) => ({ value: r, label: intl.formatMessage({ id: ROLE_LABELS[r] }) }))}
          {...form.bind("role")}
        />
        {isStoreManager ? (
          <SelectField
            label="users.store"
            disabled={self}
            hint={<FormattedMessage id="users.storeHint" values={{ max: MAX_STORE_MANAGERS }} />}
            options={stores.map((s) => ({ value: s.store_id, label: s.store_name }))}
            {...form.bind("store_id")}
          />
        ) : null}
      </div>
      <TextField
        label={user ? "users.newPassword" : "users.passwordOptional"}
        type="password"
        autoComplete="new-password"
        hint={<FormattedMessage id={user ? "users.newPasswordHint" : "users.passwordHint"} />}
        {...form.bind("password")}
      />
      {user && !self ? <CheckboxField label="users.active" {...form.bind("active")} /> : null}
    </FormDialog>
  );
}

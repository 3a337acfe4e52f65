import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TableForm } from "@menu/core/tables/schemas";
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { apiFieldError } from "@/components/form/validation";
import type { CsObject } from "@/lib/admin-scope";
import { api, unwrap } from "@/lib/api";
import { errorMessageFor } from "@/lib/errors";
import type { TableRow } from "./tables-page";

const FIELDS = ["name"] as const;

/** Create or edit a table: number (printed on the card), name (unique in the store), note. */
export function TableFormDialog({ cs, table, nextPosition, onClose }: { cs: CsObject; table?: TableRow; nextPosition: number; onClose: () => void }) {
  const intl = useIntl();
  const formId = useId();
  const queryClient = useQueryClient();
  const form = useZodForm(TableForm, {
    position: String(table?.position ?? nextPosition),
    name: table?.name ?? "",
    note: table?.note ?? "",
  });

  const save = useMutation({
    mutationFn: async (values: { position: string; name: string; note: string }) => {
      const json = { store_id: cs.store_id, position: Number(values.position), name: values.name, note: values.note };
      if (!table) return unwrap(api.api.tables.$post({ json }));
      return unwrap(api.api.tables[":tableId"].$patch({ param: { tableId: table.table_id }, json }));
    },
    meta: { silentError: true },
    onSuccess: () => {
      toast.success(intl.formatMessage({ id: table ? "tables.saved" : "tables.created" }));
      void queryClient.invalidateQueries({ queryKey: ["tables", cs.store_id] });
      onClose();
    },
    onError: (error) => {
      const field = apiFieldError(error, FIELDS);
      if (field) form.setFieldError(...field);
    },
  });
  const formError = save.error && !apiFieldError(save.error, FIELDS) ? save.error : undefined;

  return (
    <Dialog
      open
      onClose={onClose}
      testId="table-dialog"
      title={<FormattedMessage id={table ? "tables.editTitle" : "tables.addTitle"} />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <SubmitButton pending={save.isPending} label={table ? "common.save" : "tables.create"} className="btn btn--primary" form={formId} />
        </>
      }
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = form.validate();
          if (values) save.mutate(values);
        }}
      >
        {formError ? <FormAlert>{errorMessageFor(formError)}</FormAlert> : null}
        <div className="form__row form__row--2 tables-form__row">
          <TextField label="tables.position" inputMode="numeric" required hint={<FormattedMessage id="tables.positionHint" />} {...form.bind("position")} />
          <TextField label="tables.name" required autoComplete="off" {...form.bind("name")} />
        </div>
        <TextField label="tables.note" autoComplete="off" hint={<FormattedMessage id="tables.noteHint" />} {...form.bind("note")} />
      </form>
    </Dialog>
  );
}

import { TableForm } from "@menu/core/tables/schemas";
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { apiFieldError } from "@/components/form/validation";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { useSaveTable, type TableRow } from "./api";

const FIELDS = ["name"] as const;

/** Create or edit a table: number (printed on the card), name (unique in the store), note. */
export function TableFormDialog({ cs, table, nextPosition, onClose }: { cs: CsObject; table?: TableRow; nextPosition: number; onClose: () => void }) {
  const intl = useIntl();
  const formId = useId();
  const form = useZodForm(TableForm, {
    position: String(table?.position ?? nextPosition),
    name: table?.name ?? "",
    note: table?.note ?? "",
  });

  const save = useSaveTable(cs.store_id, table);
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
          if (!values) return;
          save.mutate(values, {
            onSuccess: () => {
              toast.success(intl.formatMessage({ id: table ? "tables.saved" : "tables.created" }));
              onClose();
            },
            onError: (error) => {
              const field = apiFieldError(error, FIELDS);
              if (field) form.setFieldError(...field);
            },
          });
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

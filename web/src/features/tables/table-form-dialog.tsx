import { TableForm } from "@menu/core/tables/schemas";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { apiFieldError } from "@/components/form/validation";
import type { CsObject } from "@/lib/admin-scope";
import { useSaveTable, type TableRow } from "./api";

const FIELDS = ["name"] as const;

/** Create or edit a table: number (printed on the card), name (unique in the store), note. */
export function TableFormDialog({ cs, table, nextPosition, onClose }: { cs: CsObject; table?: TableRow; nextPosition: number; onClose: () => void }) {
  const intl = useIntl();
  const form = useZodForm(TableForm, {
    position: String(table?.position ?? nextPosition),
    name: table?.name ?? "",
    note: table?.note ?? "",
  });

  const save = useSaveTable(cs.store_id, table);

  return (
    <FormDialog
      testId="table-dialog"
      title={<FormattedMessage id={table ? "tables.editTitle" : "tables.addTitle"} />}
      submitLabel={table ? "common.save" : "tables.create"}
      pending={save.isPending}
      error={save.error && !apiFieldError(save.error, FIELDS) ? save.error : undefined}
      onClose={onClose}
      onSubmit={() => {
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
      <div className="form__row form__row--2 tables-form__row">
        <TextField label="tables.position" inputMode="numeric" required hint={<FormattedMessage id="tables.positionHint" />} {...form.bind("position")} />
        <TextField label="tables.name" required autoComplete="off" {...form.bind("name")} />
      </div>
      <TextField label="tables.note" autoComplete="off" hint={<FormattedMessage id="tables.noteHint" />} {...form.bind("note")} />
    </FormDialog>
  );
}

import { tableNamesOf, TablesBulkForm, TABLES_BULK_MAX } from "@menu/core/tables/schemas";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import type { CsObject } from "@/lib/admin-scope";
import { ApiError } from "@/lib/api-error";
import { useAddTables } from "./api";

const DEFAULT_COUNT = 10;

/** The names a refusal says are taken (`details.names` of tableNameExists). */
function takenNames(error: unknown): string[] | undefined {
  if (!(error instanceof ApiError) || error.code !== "tableNameExists") return undefined;
  const names = (error.body as { details?: { names?: unknown } } | undefined)?.details?.names;
  return Array.isArray(names) ? names.map(String) : undefined;
}

/**
 * Several tables at once: a range of numbers (first and last, or first and how many) and a name
 * pattern with {n}. All are added or none; the preview shows the names the pattern gives.
 */
export function TablesBulkDialog({ cs, nextPosition, onClose }: { cs: CsObject; nextPosition: number; onClose: () => void }) {
  const intl = useIntl();
  const form = useZodForm(TablesBulkForm, {
    from: String(nextPosition),
    to: String(nextPosition + DEFAULT_COUNT - 1),
    name: intl.formatMessage({ id: "tables.bulk.defaultPattern" }),
    note: "",
  });
  const add = useAddTables(cs.store_id);
  const from = Number(form.values.from);
  const to = Number(form.values.to);
  const valid = Number.isInteger(from) && Number.isInteger(to) && from > 0 && to >= from && to - from < TABLES_BULK_MAX;
  const names = valid && String(form.values.name).includes("{n}") ? tableNamesOf(String(form.values.name).trim(), from, to) : [];
  const taken = takenNames(add.error);

  return (
    <FormDialog
      testId="tables-bulk-dialog"
      title={<FormattedMessage id="tables.bulk.title" />}
      submitLabel="tables.bulk.submit"
      pending={add.isPending}
      error={add.error && !taken ? add.error : undefined}
      onClose={onClose}
      onSubmit={() => {
        const values = form.validate();
        if (!values) return;
        add.mutate(values, {
          onSuccess: (created) => {
            toast.success(intl.formatMessage({ id: "tables.bulk.created" }, { count: created.length }));
            onClose();
          },
          onError: (error) => {
            const names = takenNames(error);
            if (names) form.setFieldError("name", { id: "tables.bulk.namesTaken", values: { names: names.join(", ") } });
          },
        });
      }}
    >
      <div className="form__row tables-bulk__range">
        <TextField label="tables.bulk.from" inputMode="numeric" required {...form.bind("from")} />
        <TextField
          label="tables.bulk.count"
          inputMode="numeric"
          name="count"
          value={valid ? String(to - from + 1) : ""}
          // How many sets the last number: a range or a count, whichever the owner thinks in.
          onChange={(value) => {
            const count = Number(value);
            form.set("to", Number.isInteger(count) && count > 0 && Number.isInteger(from) ? String(from + count - 1) : "");
          }}
        />
        <TextField label="tables.bulk.to" inputMode="numeric" required {...form.bind("to")} />
      </div>
      <TextField label="tables.bulk.name" required autoComplete="off" hint={<FormattedMessage id="tables.bulk.nameHint" />} {...form.bind("name")} />
      <TextField label="tables.note" autoComplete="off" hint={<FormattedMessage id="tables.noteHint" />} {...form.bind("note")} />
      <p className="tables-bulk__preview" data-testid="tables-bulk-preview" aria-live="polite">
        {names.length ? (
          <FormattedMessage id="tables.bulk.preview" values={{ count: names.length, first: names[0]!.name, last: names.at(-1)!.name }} />
        ) : null}
      </p>
    </FormDialog>
  );
}

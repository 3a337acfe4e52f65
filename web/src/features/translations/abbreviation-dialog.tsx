import { AbbreviationForm } from "@menu/core/glossary/schemas";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { FormDialog } from "@/components/form-dialog";
import { CheckboxField, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { isApiError } from "@/lib/api";
import type { GlossaryEntry, useSaveAbbreviation } from "./api";

/** Create or edit a pair, validated with the server's schema; a duplicate is refused under the field. */
export function AbbreviationDialog({
  entry,
  onClose,
  save,
  onSaved,
}: {
  entry?: GlossaryEntry;
  onClose: () => void;
  save: ReturnType<typeof useSaveAbbreviation>;
  onSaved: (saved: GlossaryEntry, affected: number) => void;
}) {
  const form = useZodForm(AbbreviationForm, { abbreviation: entry?.abbreviation ?? "", full_form: entry?.keep ? "" : (entry?.full_form ?? ""), keep: entry?.keep ?? false });
  const [formError, setFormError] = useState<unknown>();

  return (
    <FormDialog
      testId="glossary-dialog"
      title={<FormattedMessage id={entry ? "glossary.editTitle" : "glossary.addTitle"} />}
      submitLabel={entry ? "common.save" : "glossary.addSubmit"}
      pending={save.isPending}
      error={formError}
      focusFirstField
      onClose={onClose}
      onSubmit={() => {
        const values = form.validate();
        if (!values || save.isPending) return;
        setFormError(undefined);
        save.mutate(
          { ...values, id: entry?.id },
          {
            onSuccess: ({ entry: saved, affected }) => onSaved(saved, affected),
            onError: (error) => {
              if (isApiError(error) && error.code === "abbreviationExists") form.setFieldError("abbreviation", { id: "glossary.exists" });
              else setFormError(error);
            },
          },
        );
      }}
    >
      <TextField
        label="glossary.abbreviation"
        autoComplete="off"
        required
        hint={<FormattedMessage id="glossary.abbreviationHint" />}
        {...form.bind("abbreviation")}
      />
      {form.values.keep ? null : (
        <TextField label="glossary.fullForm" autoComplete="off" required hint={<FormattedMessage id="glossary.fullFormHint" />} {...form.bind("full_form")} />
      )}
      <CheckboxField label="glossary.keep" {...form.bind("keep")} />
      {form.values.keep ? (
        <p className="field__hint" data-testid="glossary-keep-hint">
          <FormattedMessage id="glossary.keepHint" />
        </p>
      ) : null}
    </FormDialog>
  );
}

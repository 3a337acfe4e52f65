import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { orgIdFromWidget, WIDGET_CODE_MAX } from "@menu/core/reviews/widget";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert, SubmitButton } from "@/components/form/fields";
import "@/components/layout/staff.css";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { reviewsWidgetQueryOptions, useRemoveReviewsWidget, useSaveReviewsWidget, type WidgetState } from "./api";
import "./reviews-widget.css";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";
import { QueryState } from "@/components/query-state";
import { ConfirmDialog } from "@/components/confirm-dialog";

/** settings/yandex-reviews: the maps service's reviews widget on the guest reviews page (premium plans). */
export function ReviewsWidgetPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const state = useQuery(reviewsWidgetQueryOptions(cs.store_id));

  usePageTitle(intl.formatMessage({ id: "reviewsWidget.title" }));

  return (
    <>
      <PageHead title={<FormattedMessage id="reviewsWidget.title" />} lead={<FormattedMessage id="reviewsWidget.lead" />} />
      <QueryState query={state}>{(data) => <WidgetSettings cs={cs} state={data} />}</QueryState>
    </>
  );
}

function WidgetSettings({ cs, state }: { cs: CsObject; state: WidgetState }) {
  const intl = useIntl();
  const id = useId();
  const [code, setCode] = useState("");
  const [formatError, setFormatError] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  const save = useSaveReviewsWidget(cs.store_id);
  const remove = useRemoveReviewsWidget(cs.store_id);

  const disabled = !state.allowed;
  return (
    <div className="reviews-widget">
      <section className="panel">
        {disabled ? (
          <FormAlert tone="info" testId="reviews-widget-premium">
            <FormattedMessage id="reviewsWidget.premiumOnly" />{" "}
            <Link to="/$company/$store/admin-panel/subscription" params={params}>
              <FormattedMessage id="reviewsWidget.toSubscription" />
            </Link>
          </FormAlert>
        ) : null}
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            // Checked here with the server's own rule, so a wrong paste answers at once.
            if (!orgIdFromWidget(code)) return setFormatError(true);
            save.mutate(code, {
              onSuccess: () => {
                setCode("");
                toast.success(intl.formatMessage({ id: "reviewsWidget.saved" }));
              },
            });
          }}
        >
          <fieldset disabled={disabled} className="reviews-widget__fieldset">
            {save.error ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}
            <div className={formatError ? "field field--invalid" : "field"}>
              <label className="field__label" htmlFor={`${id}-code`}>
                <FormattedMessage id={state.org_id ? "reviewsWidget.codeReplace" : "reviewsWidget.code"} />
              </label>
              <textarea
                id={`${id}-code`}
                name="widget_code"
                className="input reviews-widget__code"
                rows={5}
                maxLength={WIDGET_CODE_MAX}
                spellCheck={false}
                autoCapitalize="none"
                placeholder='<div …><iframe src="https://yandex.ru/maps-reviews-widget/…"></iframe>…</div>'
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setFormatError(false);
                }}
                aria-invalid={formatError || undefined}
                aria-describedby={formatError ? `${id}-error` : `${id}-hint`}
                data-testid="widget-code"
              />
              {formatError ? (
                <p id={`${id}-error`} className="field__error" role="alert" data-testid="widget-code-error">
                  <FormattedMessage id="errors.api.reviewsWidgetFormat" />
                </p>
              ) : (
                <p id={`${id}-hint`} className="field__hint">
                  <FormattedMessage id="reviewsWidget.hint" />
                </p>
              )}
            </div>
            <SubmitButton pending={save.isPending} label="common.save" className="btn btn--primary" />
          </fieldset>
        </form>
      </section>

      <section className="panel reviews-widget__current" aria-labelledby={`${id}-current`} data-testid="widget-current">
        <h2 className="panel__title" id={`${id}-current`}>
          <FormattedMessage id="reviewsWidget.current" />
        </h2>
        {state.org_id ? (
          <>
            <p>
              <FormattedMessage id="reviewsWidget.connected" values={{ id: <strong data-testid="widget-org-id">{state.org_id}</strong> }} />
            </p>
            <p className="field__hint">
              <FormattedMessage id={state.allowed ? "reviewsWidget.onMenu" : "reviewsWidget.notOnMenu"} />
            </p>
            <div className="reviews-widget__actions">
              <a className="btn btn--secondary btn--sm" href={`/${cs.company_url_key}/${cs.store_url_key}/reviews`} target="_blank" rel="noopener">
                <FormattedMessage id="reviewsWidget.openGuestPage" />
              </a>
              <button type="button" className="btn btn--secondary btn--sm reviews-widget__remove" onClick={() => setConfirmRemove(true)} data-testid="widget-remove">
                <FormattedMessage id="reviewsWidget.remove" />
              </button>
            </div>
          </>
        ) : (
          <p className="field__hint" data-testid="widget-empty">
            <FormattedMessage id="reviewsWidget.empty" />
          </p>
        )}
      </section>

      <ConfirmDialog
        open={confirmRemove}
        title={<FormattedMessage id="reviewsWidget.removeTitle" />}
        confirmLabel="reviewsWidget.remove"
        confirmTestId="confirm-remove"
        tone="danger"
        pending={remove.isPending}
        onClose={() => setConfirmRemove(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmRemove(false);
              toast.success(intl.formatMessage({ id: "reviewsWidget.removed" }));
            },
          })
        }
      >
        {remove.error ? <FormAlert>{errorMessageFor(remove.error)}</FormAlert> : null}
        <p>
          <FormattedMessage id="reviewsWidget.removeText" />
        </p>
      </ConfirmDialog>
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { QR_OPTIONS, WifiInput, wifiPayload, type WifiEncryption } from "@menu/core/shared/wifi-payload";
import QRCode from "qrcode";
import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { CheckboxField, FormAlert, SelectField, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import "@/components/layout/staff.css";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { useSaveWifi, wifiQueryOptions, type WifiState } from "./api";
import "./wifi.css";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";
import { QueryState } from "@/components/query-state";

const ENCRYPTIONS: { value: WifiEncryption; label: "wifi.encWpa" | "wifi.encWep" | "wifi.encNone" }[] = [
  { value: "WPA", label: "wifi.encWpa" },
  { value: "WEP", label: "wifi.encWep" },
  { value: "nopass", label: "wifi.encNone" },
];

function download(name: string, href: string) {
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

/** settings/wifi: the network guests join by scanning (premium plans, SPEC section 6). */
export function WifiPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const state = useQuery(wifiQueryOptions(cs.store_id));

  usePageTitle(intl.formatMessage({ id: "wifi.title" }));

  return (
    <>
      <PageHead title={<FormattedMessage id="wifi.title" />} lead={<FormattedMessage id="wifi.lead" />} />
      <QueryState query={state}>{(data) => <WifiForm cs={cs} state={data} />}</QueryState>
    </>
  );
}

function WifiForm({ cs, state }: { cs: CsObject; state: WifiState }) {
  const intl = useIntl();
  const formId = useId();
  const form = useZodForm(WifiInput, {
    store_id: cs.store_id,
    ssid: state.wifi?.ssid ?? "",
    encryption: (state.wifi?.encryption as WifiEncryption) ?? "WPA",
    hidden: state.wifi?.hidden ?? false,
    password: state.wifi?.password ?? "",
  });
  const open = form.values.encryption === "nopass";
  const save = useSaveWifi(cs.store_id);
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  const disabled = !state.allowed;
  const payload = state.payload;
  const [png, setPng] = useState("");
  const [svg, setSvg] = useState("");
  useEffect(() => {
    if (!payload) return;
    let live = true;
    void Promise.all([
      QRCode.toDataURL(payload, { ...QR_OPTIONS, width: 512 }),
      QRCode.toString(payload, { ...QR_OPTIONS, type: "svg" }),
    ]).then(([p, s]) => {
      if (!live) return;
      setPng(p);
      setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(s)}`);
    });
    return () => {
      live = false;
    };
  }, [payload]);
  const dirty = payload !== wifiPayload({ ...form.values, password: open ? "" : String(form.values.password ?? "") });

  return (
    <div className="wifi-layout">
      <section className="panel">
        {disabled ? (
          <FormAlert tone="info" testId="wifi-premium">
            <FormattedMessage id="wifi.premiumOnly" />{" "}
            <Link to="/$company/$store/admin-panel/subscription" params={params}>
              <FormattedMessage id="wifi.toSubscription" />
            </Link>
          </FormAlert>
        ) : null}
        <form
          id={formId}
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const values = form.validate();
            if (values) save.mutate(values, { onSuccess: () => toast.success(intl.formatMessage({ id: "wifi.saved" })) });
          }}
        >
          <fieldset disabled={disabled} className="wifi-fieldset">
            {save.error ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}
            <TextField label="wifi.ssid" autoComplete="off" required {...form.bind("ssid")} />
            <SelectField label="wifi.encryption" options={ENCRYPTIONS.map((o) => ({ value: o.value, label: intl.formatMessage({ id: o.label }) }))} {...form.bind("encryption")} />
            {open ? null : (
              <TextField
                label="wifi.password"
                type="password"
                autoComplete="off"
                required
                hint={<FormattedMessage id={form.values.encryption === "WEP" ? "wifi.passwordHintWep" : "wifi.passwordHintWpa"} />}
                {...form.bind("password")}
              />
            )}
            <CheckboxField label="wifi.hidden" {...form.bind("hidden")} />
            <SubmitButton pending={save.isPending} label="common.save" className="btn btn--primary" form={formId} />
          </fieldset>
        </form>
      </section>
      <section className="panel wifi-preview" aria-labelledby={`${formId}-qr`}>
        <h2 className="panel__title" id={`${formId}-qr`}>
          <FormattedMessage id="wifi.qrTitle" />
        </h2>
        {payload && png ? (
          <>
            <img className="wifi-preview__qr" src={png} alt={intl.formatMessage({ id: "wifi.qrAlt" }, { ssid: state.wifi?.ssid ?? "" })} width={220} height={220} data-testid="wifi-qr" />
            {dirty ? (
              <p className="field__hint">
                <FormattedMessage id="wifi.unsaved" />
              </p>
            ) : null}
            <div className="wifi-preview__downloads">
              <button type="button" className="btn btn--ghost" onClick={() => download("wifi.png", png)}>
                <FormattedMessage id="wifi.downloadPng" />
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => download("wifi.svg", svg)} disabled={!svg}>
                <FormattedMessage id="wifi.downloadSvg" />
              </button>
            </div>
            <p className="field__hint">
              <FormattedMessage id={state.allowed ? "wifi.onMenu" : "wifi.notOnMenu"} />
            </p>
          </>
        ) : (
          <p className="field__hint">
            <FormattedMessage id={state.allowed ? "wifi.noQr" : "wifi.notOnMenu"} />
          </p>
        )}
      </section>
    </div>
  );
}

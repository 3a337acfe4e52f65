import { isSafeLink, RICH_TEXT_FORMATS, sanitizeDelta, toDeltaOps } from "@menu/core/shared/rich-text";
import type Quill from "quill";
import { useEffect, useId, useRef, useState, type CSSProperties } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { FieldMessageText } from "./form/fields";
import type { FieldMessage } from "./form/validation";
import "./rich-text-editor.css";

export type RichTextEditorProps = {
  label: MessageId;
  /** The stored Delta JSON string (`{"ops":[...]}`); plain text or unparsable text is shown as plain text. */
  value: string;
  /** The new Delta JSON string, already limited to the toolbar's formats and safe links; "" when empty. */
  onChange: (value: string) => void;
  placeholder?: MessageId;
  error?: FieldMessage;
  disabled?: boolean;
};

/** Exactly the toolbar of SPEC section 1: headers 1-3, bold, italic, underline, link, ordered and bullet lists, clear format. */
const TOOLBAR = [[{ header: [1, 2, 3, false] }], ["bold", "italic", "underline", "link"], [{ list: "ordered" }, { list: "bullet" }], ["clean"]];

/** Quill and its theme are a separate chunk: guests and admin screens without a text field never load it. */
let quillModule: Promise<typeof Quill> | undefined;
function loadQuill() {
  quillModule ??= Promise.all([import("quill"), import("quill/dist/quill.snow.css")]).then(([{ default: Q }]) => {
    // Links: http, https, mailto and tel only; a bare domain becomes https; anything else is dropped on save.
    const Link = Q.import("formats/link") as { sanitize(url: string): string; new (...args: never[]): object };
    class SafeLink extends Link {
      static override sanitize(url: string) {
        const link = url.trim();
        if (isSafeLink(link)) return link;
        if (/^[\p{L}\d-]+(\.[\p{L}\d-]+)+(\/\S*)?$/u.test(link)) return `https://${link}`;
        return "about:blank";
      }
    }
    Q.register("formats/link", SafeLink, true);
    return Q;
  });
  return quillModule;
}

/**
 * A rich-text field on Quill (loaded on first use). Stores a Quill Delta JSON string with only the
 * formats of the toolbar. Tab leaves the editor (no keyboard trap); the toolbar buttons have labels
 * in the interface language.
 */
export function RichTextEditor({ label, value, onChange, placeholder, error, disabled }: RichTextEditorProps) {
  const intl = useIntl();
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | undefined>(undefined);
  const emitted = useRef(value);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ value, onChange, disabled });
  useEffect(() => {
    latest.current = { value, onChange, disabled };
  });

  const t = (key: MessageId) => intl.formatMessage({ id: key });
  const placeholderText = t(placeholder ?? "richText.placeholder");
  const labelText = t(label);

  useEffect(() => {
    let cancelled = false;
    const root = host.current;
    if (!root) return;
    loadQuill()
      .then((Q) => {
        if (cancelled) return;
        const mount = document.createElement("div");
        root.append(mount);
        const editor = new Q(mount, {
          theme: "snow",
          formats: [...RICH_TEXT_FORMATS],
          placeholder: placeholderText,
          modules: { toolbar: TOOLBAR },
        });
        // Quill's Tab inserts a tab character: leave it to the browser so focus moves on.
        const bindings = (editor.keyboard as unknown as { bindings: Record<string, unknown[]> }).bindings;
        delete bindings.Tab;
        editor.setContents(toDeltaOps(latest.current.value), "silent");
        emitted.current = latest.current.value;
        editor.enable(!latest.current.disabled);
        editor.on("text-change", () => {
          const next = sanitizeDelta(JSON.stringify(editor.getContents()));
          if (next === emitted.current) return;
          emitted.current = next;
          latest.current.onChange(next);
        });
        quill.current = editor;
        setReady(true);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      quill.current = undefined;
      root.replaceChildren();
      setReady(false);
    };
    // The editor is built once per mount; later value and label changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (form reset, another item loaded) replaces the content.
  useEffect(() => {
    const editor = quill.current;
    if (!ready || !editor || value === emitted.current) return;
    emitted.current = value;
    editor.setContents(toDeltaOps(value), "silent");
  }, [value, ready]);

  useEffect(() => {
    quill.current?.enable(!disabled);
  }, [disabled, ready]);

  // Labels for the editable area and the toolbar, in the interface language.
  useEffect(() => {
    const editor = quill.current;
    const root = host.current;
    if (!ready || !editor || !root) return;
    const area = editor.root;
    area.setAttribute("role", "textbox");
    area.setAttribute("aria-multiline", "true");
    area.setAttribute("aria-labelledby", `${id}-label`);
    area.setAttribute("data-placeholder", placeholderText);
    if (error) area.setAttribute("aria-invalid", "true");
    else area.removeAttribute("aria-invalid");
    const names: [string, MessageId][] = [
      ["button.ql-bold", "richText.bold"],
      ["button.ql-italic", "richText.italic"],
      ["button.ql-underline", "richText.underline"],
      ["button.ql-link", "richText.link"],
      ['button.ql-list[value="ordered"]', "richText.orderedList"],
      ['button.ql-list[value="bullet"]', "richText.bulletList"],
      ["button.ql-clean", "richText.clean"],
      [".ql-header .ql-picker-label", "richText.heading"],
    ];
    for (const [selector, key] of names) {
      root.querySelectorAll(selector).forEach((el) => {
        el.setAttribute("aria-label", t(key));
        el.setAttribute("title", t(key));
      });
    }
    root.querySelector(".ql-toolbar")?.setAttribute("aria-label", t("richText.toolbar"));
    root.querySelector(".ql-toolbar")?.setAttribute("role", "toolbar");
  });

  // Texts Quill's theme draws with CSS `content`: given per language through custom properties.
  const cssText = (key: MessageId) => JSON.stringify(t(key));
  const style = {
    "--rte-normal": cssText("richText.normal"),
    "--rte-h1": cssText("richText.heading1"),
    "--rte-h2": cssText("richText.heading2"),
    "--rte-h3": cssText("richText.heading3"),
    "--rte-visit": cssText("richText.visitLink"),
    "--rte-enter": cssText("richText.enterLink"),
    "--rte-edit": cssText("richText.edit"),
    "--rte-save": cssText("richText.save"),
    "--rte-remove": cssText("richText.removeLink"),
  } as CSSProperties;

  return (
    <div className={`field rich-text-editor${error ? " field--invalid" : ""}${disabled ? " rich-text-editor--disabled" : ""}`} style={style} data-testid="rich-text-editor">
      <span className="field__label" id={`${id}-label`}>
        {labelText}
      </span>
      <div ref={host} className="rich-text-editor__host" aria-busy={!ready || undefined} />
      {!ready ? (
        <div className="rich-text-editor__loading" aria-hidden={failed ? undefined : true}>
          {failed ? <FormattedMessage id="richText.loadFailed" /> : <span className="spinner" />}
        </div>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          <FieldMessageText message={error} />
        </p>
      ) : null}
    </div>
  );
}

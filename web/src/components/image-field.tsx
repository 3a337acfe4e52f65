import { IMAGE_ACCEPT, MAX_IMAGE_MB, MAX_IMAGE_MEGAPIXELS, mediaSrcSet, mediaUrl, type MediaKind } from "@menu/core/media/variants";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { errorMessageFor } from "@/lib/errors";
import { ApiError } from "@/lib/api-error";
import { prepareUpload, UploadAborted, uploadImage, type UploadHandle, type UploadProblem } from "@/lib/upload-image";
import { FieldMessageText } from "./form/fields";
import type { FieldMessage } from "./form/validation";
import "./image-field.css";

export type ImageFieldProps = {
  label: MessageId;
  /** The stored key (`media/…webp`) or undefined when there is no picture. */
  value: string | undefined;
  /** Called with the new key once the upload is stored, or undefined when the picture is removed. */
  onChange: (key: string | undefined) => void;
  storeId: string;
  kind: MediaKind;
  /** The text of the empty drop zone (default: "Choose a picture or drop it here"). */
  placeholder?: MessageId;
  /** A form's own message for this field (e.g. required). Upload errors are shown by the field itself. */
  error?: FieldMessage;
  /** Told when an upload starts and ends, so a form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
  /** Background of the preview: a dark logo is judged on a dark background. */
  tone?: "light" | "dark";
  disabled?: boolean;
};

type Upload = { progress: number; handle?: UploadHandle };
/** The chosen file shown at once; `key` once stored, until the stored picture has loaded. */
type Preview = { url: string; key?: string };

/**
 * A picture field: file picker and drag and drop, an immediate local preview, the upload with its
 * progress (cancellable), a remove button, and the server's messages in the interface language.
 * The server judges and re-encodes the file (a presigned upload, lib/upload-image.ts); the field only keeps its key.
 */
export function ImageField({ label, value, onChange, storeId, kind, placeholder, error, onBusyChange, tone = "light", disabled }: ImageFieldProps) {
  const intl = useIntl();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const empty = useRef<HTMLButtonElement>(null);
  const [upload, setUpload] = useState<Upload | undefined>();
  const [preview, setPreview] = useState<Preview | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const busy = upload !== undefined;

  const busyRef = useRef(onBusyChange);
  useEffect(() => {
    busyRef.current = onBusyChange;
  });
  useEffect(() => busyRef.current?.(busy), [busy]);
  // An object URL holds the file in memory until revoked; an upload stops with the field.
  useEffect(() => () => preview && URL.revokeObjectURL(preview.url), [preview]);
  useEffect(() => () => upload?.handle?.abort(), [upload?.handle]);

  async function start(files: FileList | File[]) {
    const list = [...files];
    setProblem(undefined);
    if (list.length === 0) return;
    if (list.length > 1) return setProblem(intl.formatMessage({ id: "errors.api.imageSingleOnly" }));
    const file = list[0]!;
    // Size and pixel dimensions are judged here first, each with its own message: nothing is sent
    // that the server would refuse for them.
    setUpload({ progress: 0 });
    const prepared = await prepareUpload(file, kind).catch(() => ({ blob: file as Blob }));
    if ("problem" in prepared) {
      setUpload(undefined);
      return setProblem(limitText(prepared.problem));
    }
    const url = URL.createObjectURL(file);
    setPreview({ url });
    try {
      const body = prepared.blob;
      const handle = uploadImage(body, { storeId, kind }, (progress) => setUpload((u) => u && { ...u, progress }));
      setUpload((u) => u && { ...u, handle });
      const stored = await handle.promise;
      setPreview((p) => (p?.url === url ? { url, key: stored.key } : p));
      onChange(stored.key);
    } catch (e) {
      setPreview((p) => (p?.url === url ? undefined : p));
      if (!(e instanceof UploadAborted)) {
        setProblem(problemText(e));
      }
    } finally {
      setUpload(undefined);
    }
  }

  /** What the browser found over the limits, with the picture's own numbers. */
  function limitText(problem: UploadProblem) {
    const decimal = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 1 });
    return problem.code === "imageTooManyPixels"
      ? intl.formatMessage(
          { id: "imageField.tooManyPixels" },
          { width: problem.width, height: problem.height, megapixels: decimal((problem.width * problem.height) / 1_000_000), max: MAX_IMAGE_MEGAPIXELS },
        )
      : intl.formatMessage({ id: "imageField.tooLarge" }, { size: decimal(problem.bytes / 1024 / 1024), max: MAX_IMAGE_MB });
  }

  /** The server's message in the interface language (`errors.api.<code>`), or a connection hint. */
  function problemText(e: unknown) {
    if (e instanceof ApiError && e.status === 0) return intl.formatMessage({ id: "imageField.offline" });
    const key = e instanceof ApiError && e.code ? `errors.api.${e.code}` : undefined;
    return key && Object.hasOwn(intl.messages, key) ? intl.formatMessage({ id: key as MessageId }) : errorMessageFor(e);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!disabled && !busy) void start(e.dataTransfer.files);
  }

  const choose = () => input.current?.click();
  const remove = () => {
    setProblem(undefined);
    setPreview(undefined);
    onChange(undefined);
    // The buttons go away with the picture: keep the keyboard on the field.
    requestAnimationFrame(() => empty.current?.focus());
  };

  // The local preview covers the stored picture until that has loaded (no flash on the swap).
  const local = preview && (upload || preview.key === value) ? preview.url : undefined;
  const message = problem ? { text: problem } : error;
  const percent = Math.round((upload?.progress ?? 0) * 100);

  return (
    <div className={`field image-field image-field--${kind}${message ? " field--invalid" : ""}`} data-testid="image-field">
      <span className="field__label" id={`${id}-label`}>
        <FormattedMessage id={label} />
      </span>
      <div
        className={`image-field__box image-field__box--${tone}${dragging ? " image-field__box--drop" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled && !busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {local || value ? (
          <div className="image-field__preview">
            {value && !upload ? (
              <img
                src={mediaUrl(value)}
                srcSet={mediaSrcSet(value, kind) || undefined}
                sizes="320px"
                alt={intl.formatMessage({ id: "imageField.current" })}
                data-testid="image-field-stored"
                onLoad={() => setPreview((p) => (p?.key === value ? undefined : p))}
              />
            ) : null}
            {local ? <img className="image-field__local" src={local} alt="" /> : null}
          </div>
        ) : (
          <button
            ref={empty}
            type="button"
            className="image-field__empty"
            onClick={choose}
            disabled={disabled}
            // The spoken name holds the visible text (after the field's label); the limits are its description.
            aria-labelledby={`${id}-label ${id}-choose`}
            aria-describedby={`${id}-hint`}
          >
            <ImageIcon />
            <span id={`${id}-choose`}>
              <FormattedMessage id={placeholder ?? "imageField.choose"} />
            </span>
          </button>
        )}
        {upload ? (
          <div className="image-field__progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-labelledby={`${id}-label`}>
            <span className="spinner" aria-hidden="true" />
            <span>
              <FormattedMessage id="imageField.uploading" values={{ percent }} />
            </span>
            <span className="image-field__bar" style={{ inlineSize: `${percent}%` }} />
          </div>
        ) : null}
      </div>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept={IMAGE_ACCEPT}
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        disabled={disabled || busy}
        onChange={(e) => {
          const files = e.target.files;
          if (files) void start(files);
          e.target.value = ""; // choosing the same file again still reports a change
        }}
      />
      <div className="image-field__actions">
        {upload ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => upload.handle?.abort()}>
            <FormattedMessage id="imageField.cancel" />
          </button>
        ) : value || local ? (
          <>
            <button type="button" className="btn btn--secondary btn--sm" onClick={choose} disabled={disabled}>
              <FormattedMessage id="imageField.replace" />
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={remove} disabled={disabled}>
              <FormattedMessage id="imageField.remove" />
            </button>
          </>
        ) : null}
      </div>
      {message ? (
        <p className="field__error" role="alert">
          <FieldMessageText message={message} />
        </p>
      ) : null}
      <p className="field__hint" id={`${id}-hint`}>
        <FormattedMessage id={kind === "logo" ? "imageField.hintLogo" : "imageField.hint"} values={{ mb: MAX_IMAGE_MB, mp: MAX_IMAGE_MEGAPIXELS }} />
      </p>
    </div>
  );
}

function ImageIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="3" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-8 9" />
    </svg>
  );
}

import { Fragment, type ReactNode } from "react";
import { useIntl } from "../intl";
import type { DeltaOp } from "../model";
import { textLangProps } from "./text-lang";

const SAFE_LINK = /^(https?:|mailto:|tel:)/i;

type Line = { segments: DeltaOp[]; attributes: Record<string, unknown> };

function toLines(ops: DeltaOp[]): Line[] {
  const lines: Line[] = [];
  let segments: DeltaOp[] = [];
  for (const op of ops) {
    const parts = op.insert.split("\n");
    parts.forEach((text, i) => {
      if (text) segments.push({ insert: text, attributes: op.attributes });
      if (i < parts.length - 1) {
        // A newline carries the attributes of its line (header, list).
        lines.push({ segments, attributes: op.attributes ?? {} });
        segments = [];
      }
    });
  }
  if (segments.length) lines.push({ segments, attributes: {} });
  return lines;
}

function inline(op: DeltaOp, key: number): ReactNode {
  const a = op.attributes ?? {};
  let node: ReactNode = op.insert;
  if (a.bold) node = <strong>{node}</strong>;
  if (a.italic) node = <em>{node}</em>;
  if (a.underline) node = <u>{node}</u>;
  if (typeof a.link === "string" && SAFE_LINK.test(a.link.trim())) {
    node = (
      <a href={a.link.trim()} target="_blank" rel="noopener noreferrer nofollow">
        {node}
      </a>
    );
  }
  return <Fragment key={key}>{node}</Fragment>;
}

/**
 * A Quill Delta rendered as React elements: paragraphs, headers 1-3, ordered and bullet lists,
 * bold, italic, underline and links (http, https, mailto, tel only). No HTML from users is ever
 * injected. `null` (unparsable text) shows the placeholder of SPEC section 8. `lang`: the text's
 * language when it is not the page's (the placeholder is in the page's language).
 */
export function RichText({ ops, lang, className }: { ops: DeltaOp[] | null | undefined; lang?: string; className?: string }) {
  const intl = useIntl();
  if (ops === undefined) return null;
  if (ops === null) return <p className={`rich-text rich-text--broken ${className ?? ""}`}>{intl.formatMessage({ id: "menu.richText.broken" })}</p>;
  const blocks: ReactNode[] = [];
  let list: { type: "ordered" | "bullet"; items: ReactNode[] } | undefined;
  const closeList = () => {
    if (!list) return;
    const items = list.items;
    blocks.push(list.type === "ordered" ? <ol key={blocks.length}>{items}</ol> : <ul key={blocks.length}>{items}</ul>);
    list = undefined;
  };
  for (const line of toLines(ops)) {
    const content = line.segments.map(inline);
    const listType = line.attributes.list === "ordered" ? "ordered" : line.attributes.list ? "bullet" : undefined;
    if (listType) {
      if (list?.type !== listType) {
        closeList();
        list = { type: listType, items: [] };
      }
      list.items.push(<li key={list.items.length}>{content}</li>);
      continue;
    }
    closeList();
    const header = Number(line.attributes.header);
    if (header >= 1 && header <= 3) {
      const Tag = (["h3", "h4", "h5"] as const)[header - 1]!;
      blocks.push(<Tag key={blocks.length}>{content}</Tag>);
    } else if (content.length) {
      blocks.push(<p key={blocks.length}>{content}</p>);
    }
  }
  closeList();
  return (
    <div className={`rich-text ${className ?? ""}`} {...textLangProps(lang)}>
      {blocks}
    </div>
  );
}

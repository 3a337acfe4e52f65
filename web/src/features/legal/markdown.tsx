import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/**
 * A deliberately small Markdown renderer for the documents in src/content: headings (#, ##, ###),
 * paragraphs, bullet and numbered lists, **bold**, `code` and [links](…). It builds React elements only,
 * so raw HTML in a document shows as text and is never injected.
 */
type Block =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] };

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: Extract<Block, { kind: "list" }> | undefined;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
    list = undefined;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (bullet || numbered) {
      const ordered = !!numbered;
      if (paragraph.length || list?.ordered !== ordered) flush();
      if (!list) blocks.push((list = { kind: "list", ordered, items: [] }));
      list.items.push((bullet ?? numbered)![1]!);
    } else if (list && /^\s+/.test(raw)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      list = undefined;
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

const INLINE = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Links to this site's pages stay in the SPA; mailto, tel and http(s) open normally; anything else is text. */
function renderLink(text: string, href: string, key: number): ReactNode {
  if (/^\/(?!\/)/.test(href)) return <Link key={key} to={href}>{text}</Link>;
  if (/^(mailto:|tel:)/i.test(href)) return <a key={key} href={href}>{text}</a>;
  if (/^https?:\/\//i.test(href))
    return (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    );
  return text;
}

export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<strong key={m.index}>{m[1]}</strong>);
    else if (m[2] !== undefined) out.push(<code key={m.index}>{m[2]}</code>);
    else out.push(renderLink(m[3]!, m[4]!, m.index));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ source }: { source: string }) {
  return (
    <>
      {parseMarkdown(source).map((block, i) => {
        if (block.kind === "heading") {
          const Tag = `h${block.level}` as const;
          return <Tag key={i}>{renderInline(block.text)}</Tag>;
        }
        if (block.kind === "list") {
          const Tag = block.ordered ? "ol" : "ul";
          return (
            <Tag key={i}>
              {block.items.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </Tag>
          );
        }
        return <p key={i}>{renderInline(block.text)}</p>;
      })}
    </>
  );
}

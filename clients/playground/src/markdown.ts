/**
 * The §7 Markdown subset as DOM nodes: paragraphs, **bold**, *italic*, `code`, bullet and numbered lists and
 * links. Every piece of text becomes a text node (nothing is ever parsed as HTML), and a link becomes an
 * anchor only when its target is `https:` or on the server's own origin; any other link stays plain text
 * with its address shown (notes N-79).
 */

/** Whether a link target may be opened: `https:` anywhere, or a path or URL on the server's origin. */
export function allowedLink(url: string, origin: string): URL | undefined {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (target.protocol === "https:" || target.origin === origin) return target;
  return undefined;
}

/** An anchor that opens `target` in a new tab on a click only, without the opener or a referrer. */
export function linkNode(label: string, target: URL): HTMLAnchorElement {
  const a = document.createElement("a");
  a.href = target.href;
  a.target = "_blank";
  a.rel = "noopener noreferrer";
  a.textContent = label;
  return a;
}

const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/;

/** Inline spans of one line or paragraph, parsed left to right. */
export function inline(text: string, origin: string): Node[] {
  const out: Node[] = [];
  let rest = text;
  for (let guard = 0; rest.length > 0 && guard < 10_000; guard++) {
    const match = INLINE.exec(rest);
    if (match === null) {
      out.push(document.createTextNode(rest));
      break;
    }
    if (match.index > 0) out.push(document.createTextNode(rest.slice(0, match.index)));
    const [whole, code, bold, italic, label, url] = match;
    if (code !== undefined) {
      const el = document.createElement("code");
      el.textContent = code;
      out.push(el);
    } else if (bold !== undefined) {
      const el = document.createElement("strong");
      el.append(...inline(bold, origin));
      out.push(el);
    } else if (italic !== undefined) {
      const el = document.createElement("em");
      el.append(...inline(italic, origin));
      out.push(el);
    } else if (label !== undefined && url !== undefined) {
      const target = allowedLink(url, origin);
      if (target !== undefined) out.push(linkNode(label, target));
      else {
        const span = document.createElement("span");
        span.className = "refused-link";
        span.title = "not opened: only https: links and links to the server itself are";
        span.textContent = `${label} (${url})`;
        out.push(span);
      }
    }
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;

/** The block structure: paragraphs split by blank lines, runs of list lines as `ul` / `ol`. */
export function render(text: string, origin: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let paragraph: string[] = [];
  let list: HTMLUListElement | HTMLOListElement | undefined;
  const flush = (): void => {
    if (paragraph.length > 0) {
      const p = document.createElement("p");
      p.append(...inline(paragraph.join("\n"), origin));
      fragment.append(p);
      paragraph = [];
    }
  };
  for (const line of text.split(/\r?\n/)) {
    const bullet = BULLET.exec(line);
    const numbered = bullet === null ? NUMBERED.exec(line) : null;
    if (bullet !== null || numbered !== null) {
      flush();
      const kind = bullet !== null ? "UL" : "OL";
      if (list === undefined || list.tagName !== kind) {
        list = document.createElement(kind === "UL" ? "ul" : "ol");
        if (numbered?.[1] !== undefined && numbered[1] !== "1") list.setAttribute("start", numbered[1]);
        fragment.append(list);
      }
      const li = document.createElement("li");
      li.append(...inline((bullet?.[1] ?? numbered?.[2]) ?? "", origin));
      list.append(li);
    } else if (line.trim() === "") {
      flush();
      list = undefined;
    } else {
      list = undefined;
      paragraph.push(line);
    }
  }
  flush();
  return fragment;
}

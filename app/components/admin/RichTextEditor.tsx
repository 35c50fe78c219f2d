// The console's rich-text editor (decision 0067): a contenteditable area with
// a toolbar of the few things the store's pages show (paragraphs, h2/h3, bold, italic, lists,
// links, quotes), built on the browser's own editing commands, so it adds ~2 KB to the console
// and nothing to the storefront. The form posts a textarea of the HTML: without JavaScript staff
// edit that textarea directly, and with it the textarea is kept in step with the editor. The
// server cleans whatever arrives (core/shared/sanitize.ts); the filter here only keeps the
// editor from running anything pasted into the HTML view while staff are editing.
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";

const KEEP = new Set([
  "P",
  "H2",
  "H3",
  "H4",
  "STRONG",
  "B",
  "EM",
  "I",
  "U",
  "S",
  "UL",
  "OL",
  "LI",
  "BLOCKQUOTE",
  "A",
  "BR",
  "HR",
  "IMG",
  "FIGURE",
  "FIGCAPTION",
  "TABLE",
  "THEAD",
  "TBODY",
  "TR",
  "TH",
  "TD",
  "CODE",
  "PRE",
  "SPAN",
]);
const DROP_WITH_CONTENT = new Set([
  "SCRIPT",
  "STYLE",
  "TEMPLATE",
  "IFRAME",
  "OBJECT",
  "EMBED",
  "SVG",
  "MATH",
  "NOSCRIPT",
  "TEXTAREA",
  "SELECT",
]);
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

/** html parsed in an inert document (nothing loads or runs) and reduced to the editor's tags. */
function inertHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const walk = (node: Element) => {
    for (const child of [...node.children]) {
      if (DROP_WITH_CONTENT.has(child.tagName)) {
        child.remove();
        continue;
      }
      walk(child);
      if (!KEEP.has(child.tagName)) {
        child.replaceWith(...child.childNodes);
        continue;
      }
      for (const attr of [...child.attributes]) {
        const keep =
          (child.tagName === "A" && attr.name === "href" && SAFE_URL.test(attr.value.trim())) ||
          (child.tagName === "IMG" && attr.name === "src" && SAFE_URL.test(attr.value.trim())) ||
          (child.tagName === "IMG" && attr.name === "alt");
        if (!keep) child.removeAttribute(attr.name);
      }
    }
  };
  walk(doc.body);
  return doc.body.innerHTML;
}

interface Command {
  label: string;
  title: string;
  /**
   * the button's name when the title does not hold its visible label: a person using voice
   * control says what the button shows ("H2"), and a screen reader hears what it does
   */
  name?: string;
  /** a block to turn the paragraph into, or an editing command */
  block?: string;
  command?: string;
  /** the command whose state (on or off at the caret) the button shows */
  state?: string;
}

const COMMANDS: Command[] = [
  { label: "P", title: "Paragraph", block: "p" },
  { label: "H2", title: "Heading", name: "H2 heading", block: "h2" },
  { label: "H3", title: "Small heading", name: "H3 small heading", block: "h3" },
  { label: "B", title: "Bold", command: "bold", state: "bold" },
  { label: "I", title: "Italic", command: "italic", state: "italic" },
  { label: "• List", title: "Bulleted list", command: "insertUnorderedList", state: "insertUnorderedList" },
  {
    label: "1. List",
    title: "Numbered list",
    name: "1. List, numbered",
    command: "insertOrderedList",
    state: "insertOrderedList",
  },
  { label: "“ ”", title: "Quote", block: "blockquote" },
  { label: "Link", title: "Link", command: "createLink" },
  { label: "Unlink", title: "Remove link", name: "Unlink (remove link)", command: "unlink" },
];

export function RichTextEditor({
  name,
  label,
  defaultValue,
  maxLength,
  hint,
  lang,
}: {
  name: string;
  label: string;
  defaultValue: string;
  maxLength: number;
  hint?: string;
  /** "ur": an Urdu body (decision 0111): the text runs right to left, the toolbar stays as it is */
  lang?: "ur";
}) {
  const urdu = lang === "ur" ? ({ lang: "ur", dir: "rtl" } as const) : {};
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<HTMLDivElement>(null);
  // the editor takes over once the page's script runs; until then the textarea is the field
  const enhanced = useHydrated();
  const [source, setSource] = useState(false);
  const [active, setActive] = useState<Record<string, boolean>>({});

  useEffect(() => {
    if (!enhanced || source || !editor.current || !area.current) return;
    editor.current.innerHTML = inertHtml(area.current.value);
    document.execCommand("defaultParagraphSeparator", false, "p");
    const onSelection = () => {
      if (!editor.current?.contains(document.getSelection()?.anchorNode ?? null)) return;
      setActive({
        bold: document.queryCommandState("bold"),
        italic: document.queryCommandState("italic"),
        insertUnorderedList: document.queryCommandState("insertUnorderedList"),
        insertOrderedList: document.queryCommandState("insertOrderedList"),
      });
    };
    document.addEventListener("selectionchange", onSelection);
    return () => document.removeEventListener("selectionchange", onSelection);
  }, [enhanced, source]);

  const sync = () => {
    if (editor.current && area.current) area.current.value = editor.current.innerHTML;
  };
  const exec = (command: string, value?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, value);
    sync();
  };

  const apply = (c: Command) => {
    if (c.block) return exec("formatBlock", `<${c.block}>`);
    if (c.command === "createLink") {
      const url = window.prompt("Link address (https://…)", "https://");
      if (url && SAFE_URL.test(url.trim())) exec("createLink", url.trim());
      return;
    }
    if (c.command) exec(c.command);
  };

  return (
    <div>
      <label
        htmlFor={enhanced && !source ? `${id}-editor` : id}
        id={`${id}-label`}
        className="block text-sm font-semibold"
      >
        {label}
      </label>
      {hint && <p className="mt-1 text-xs text-stone-600">{hint}</p>}
      {enhanced && (
        <div
          role="toolbar"
          aria-label={`${label}: formatting`}
          className="sticky top-14 z-10 mt-1 flex flex-wrap gap-1 border border-b-0 border-stone-300 bg-stone-50 p-1"
        >
          {!source &&
            COMMANDS.map((c) => (
              <button
                key={c.title}
                type="button"
                title={c.title}
                aria-label={c.name ?? c.title}
                aria-pressed={c.state ? !!active[c.state] : undefined}
                // keep the text's selection: a tap on a button would otherwise take the focus
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => apply(c)}
                className={`min-h-10 min-w-10 px-2 text-sm ring-1 ring-stone-200 ${c.state && active[c.state] ? "bg-ink text-white" : "bg-white hover:bg-stone-100"} ${c.label === "B" ? "font-bold" : ""} ${c.label === "I" ? "italic" : ""}`}
              >
                {c.label}
              </button>
            ))}
          <button
            type="button"
            aria-pressed={source}
            onClick={() => {
              if (!source) sync();
              setSource(!source);
            }}
            className="ms-auto min-h-10 px-2 text-sm ring-1 ring-stone-200 bg-white hover:bg-stone-100"
          >
            {source ? "Editor" : "HTML"}
          </button>
        </div>
      )}
      {enhanced && !source && (
        <div
          ref={editor}
          id={`${id}-editor`}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          onInput={sync}
          onBlur={sync}
          {...urdu}
          onPaste={(e) => {
            // pasted text comes in as text: a page copied from elsewhere brings no styles or scripts
            e.preventDefault();
            document.execCommand("insertText", false, e.clipboardData.getData("text/plain"));
            sync();
          }}
          className="min-h-64 w-full border border-stone-300 bg-white px-3 py-2 text-[15px] leading-relaxed focus:outline-2 focus:outline-ink [&_a]:underline [&_blockquote]:border-s-2 [&_blockquote]:ps-3 [&_blockquote]:italic [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:ps-6"
        />
      )}
      <textarea
        ref={area}
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        hidden={enhanced && !source}
        rows={14}
        spellCheck
        className="field mt-1 font-mono text-sm"
        {...urdu}
      />
    </div>
  );
}

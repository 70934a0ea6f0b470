// Rich text for text blocks, with TipTap (ProseMirror): headings, bold, italic, links, lists and
// quotes, never raw HTML. What the editor holds is ProseMirror's document, so pasted text from a
// word processor keeps only what the schema knows (its styles, classes and comments are dropped;
// Word's conditional comments and <o:p> are cut before parsing). Links take http(s), mailto, tel
// and site paths only; the renderer's sanitiser checks the stored HTML again.
import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import './rich-text.css';

/** Allowed link addresses (the same schemes the public page keeps). */
export function linkAllowed(url: string): boolean {
  const value = url.trim();
  return /^(?:https?:\/\/|mailto:|tel:)/i.test(value) || /^\/(?!\/)/.test(value) || /^#[\w-]*$/.test(value);
}

/** Word and Google Docs clipboard HTML without the parts no page needs. */
export function cleanPastedHtml(html: string): string {
  return html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?o:p[^>]*>/gi, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<meta[^>]*>/gi, '')
    .replace(/\sclass="?Mso[^"\s>]*"?/gi, '')
    .replace(/\sstyle="[^"]*"/gi, '');
}

export function RichText({
  value,
  onChange,
  label,
  disabled,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  disabled?: boolean;
}) {
  // The value handed in, as the editor writes it (`&` becomes `&amp;`, and so on): an update that
  // only rewrites it so is no change of the owner's, and must not mark the page unsaved.
  const shown = useRef<string | undefined>(undefined);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Level 1 too: the starting designs' pages open with an h1, which must stay one when edited.
        heading: { levels: [1, 2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: (url) => linkAllowed(url) },
      }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'rich-text-input' },
      transformPastedHTML: cleanPastedHtml,
    },
    onCreate: ({ editor: e }) => {
      shown.current = e.getHTML();
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      if (html === shown.current) return;
      shown.current = html;
      onChange(html);
    },
  });
  // Undo outside the text (the page's history) hands a different value in: show it.
  // A destroyed editor (React remounts the screen, and useEditor makes a new one) has no schema
  // left to write HTML with: it is passed over until the new one arrives.
  useEffect(() => {
    if (editor && !editor.isDestroyed && !editor.isFocused && editor.getHTML() !== value) {
      editor.commands.setContent(value, { emitUpdate: false });
      shown.current = editor.getHTML();
    }
  }, [editor, value]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e && !e.isDestroyed
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            h1: e.isActive('heading', { level: 1 }),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            href: (e.getAttributes('link').href as string | undefined) ?? '',
          }
        : null,
  });
  const [linking, setLinking] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string>();
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const button = (name: string, active: boolean | undefined, run: () => void, text: string) => (
    <button
      type="button"
      title={name}
      aria-pressed={active ?? false}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {/* The symbol is for the eye; the name (e.g. 'Heading 1') is what is announced: the button's
          own text, not an aria-label that the visible 'H1' would contradict (axe label-content-name-mismatch). */}
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{name}</span>
    </button>
  );
  const applyLink = () => {
    const url = (linking ?? '').trim();
    if (url === '') {
      chain().extendMarkRange('link').unsetLink().run();
    } else if (!linkAllowed(url)) {
      setLinkProblem('Links must start with https://, mailto:, tel: or /');
      return;
    } else {
      chain().extendMarkRange('link').setLink({ href: url }).run();
    }
    setLinkProblem(undefined);
    setLinking(null);
  };
  return (
    <div className="rich-text-editor">
      <div className="rich-text-tools" role="toolbar" aria-label={`${label} formatting`}>
        {button('Heading 1', state?.h1, () => chain().toggleHeading({ level: 1 }).run(), 'H1')}
        {button('Heading 2', state?.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {button('Heading 3', state?.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {button('Bold', state?.bold, () => chain().toggleBold().run(), 'B')}
        {button('Italic', state?.italic, () => chain().toggleItalic().run(), 'I')}
        {button('Link', state?.link, () => setLinking(state?.href ?? ''), '🔗')}
        {button('Bulleted list', state?.bullet, () => chain().toggleBulletList().run(), '•')}
        {button('Numbered list', state?.ordered, () => chain().toggleOrderedList().run(), '1.')}
        {button('Quote', state?.quote, () => chain().toggleBlockquote().run(), '❝')}
      </div>
      {linking !== null ? (
        <div className="rich-text-link">
          <label>
            Link address
            <input
              value={linking}
              autoFocus
              placeholder="https://… or /page"
              onChange={(e) => setLinking(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                }
                if (e.key === 'Escape') setLinking(null);
              }}
            />
          </label>
          <button type="button" onClick={applyLink}>
            Apply link
          </button>
          {linkProblem ? (
            <span role="alert" className="field-error">
              {linkProblem}
            </span>
          ) : null}
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}

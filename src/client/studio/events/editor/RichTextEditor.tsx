import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import TitleIcon from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, type ReactNode } from 'react';
import { focusRing } from '../../../components/focusRing';

/** What the editor makes of nothing: no paragraph at all, so an empty description is ''. */
const EMPTY = '<p></p>';

/**
 * The description's editor (TipTap): paragraphs, headings, bold, italic, lists, quotes and links, so
 * it produces simple HTML; the server sanitizes whatever arrives all the same.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
}) {
  const labelId = useId();
  const helpId = useId();
  const editor = useEditor({
    extensions: [
      // What the server's allow-list keeps (catalog/eventRules.ts): a description saved here loses nothing.
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        codeBlock: false,
        code: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, 'aria-describedby': helpId },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(html === EMPTY ? '' : html);
    },
  });

  // A value from outside (the event loaded, or the server's sanitized copy after a save) replaces the text.
  useEffect(() => {
    // React reconnects effects when a suspended part of the page shows again; the editor it kept may be
    // destroyed by then (its schema gone: getHTML throws), and useEditor hands a new one on the next render.
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if (value !== current && !(value === '' && current === EMPTY))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box>
      <Typography
        id={labelId}
        component="div"
        variant="body2"
        color="text.secondary"
        sx={{ display: 'block', mb: 0.5 }}
      >
        {label}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Toolbar editor={editor} />
        <Box
          sx={{
            px: 1.5,
            minHeight: 160,
            '& .ProseMirror': { minHeight: 140, outline: 'none', py: 1 },
            '& .ProseMirror:focus-visible': focusRing,
            '& a': { color: 'primary.main' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <FormHelperText id={helpId}>Paragraphs, headings, bold, italic, lists, quotes and links.</FormHelperText>
    </Box>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
      heading: e.isActive('heading', { level: 3 }),
      quote: e.isActive('blockquote'),
    }),
  });
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt('Link address (https://…)', previous);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <Box
      role="toolbar"
      aria-label="Formatting"
      sx={{ display: 'flex', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tool
        label="Heading"
        pressed={state.heading}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
        icon={<TitleIcon />}
      />
      <Tool label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()} icon={<FormatBoldIcon />} />
      <Tool
        label="Italic"
        pressed={state.italic}
        onClick={() => chain().toggleItalic().run()}
        icon={<FormatItalicIcon />}
      />
      <Tool
        label="Bulleted list"
        pressed={state.bullets}
        onClick={() => chain().toggleBulletList().run()}
        icon={<FormatListBulletedIcon />}
      />
      <Tool
        label="Numbered list"
        pressed={state.numbers}
        onClick={() => chain().toggleOrderedList().run()}
        icon={<FormatListNumberedIcon />}
      />
      <Tool
        label="Quote"
        pressed={state.quote}
        onClick={() => chain().toggleBlockquote().run()}
        icon={<FormatQuoteIcon />}
      />
      <Tool label="Link" pressed={state.link} onClick={setLink} icon={<LinkIcon />} />
      <Tool
        label="Remove link"
        onClick={() => chain().unsetLink().run()}
        icon={<LinkOffIcon />}
        disabled={!state.link}
      />
    </Box>
  );
}

function Tool(props: { label: string; icon: ReactNode; onClick: () => void; pressed?: boolean; disabled?: boolean }) {
  return (
    <IconButton
      size="small"
      aria-label={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
      color={props.pressed ? 'primary' : 'default'}
    >
      {props.icon}
    </IconButton>
  );
}

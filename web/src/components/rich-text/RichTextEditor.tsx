/**
 * The rich-text editor (tiptap 3). Loaded only through LazyRichTextEditor, so tiptap and
 * ProseMirror stay out of the first-load bundle. Uncontrolled: `value` is the starting HTML,
 * `onChange` receives the HTML after every change; remount (change `key`) to load other content.
 */
import { Box, Flex, IconButton, Separator } from '@chakra-ui/react';
import { TextAlign } from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useRef, type ReactNode } from 'react';
import { richTextCss } from './styles.ts';
import {
  AlignCenterGlyph,
  AlignJustifyGlyph,
  AlignLeftGlyph,
  AlignRightGlyph,
  BoldGlyph,
  BulletListGlyph,
  ItalicGlyph,
  OrderedListGlyph,
  RedoGlyph,
  StrikeGlyph,
  UndoGlyph,
} from './toolbar-icons.tsx';

export interface RichTextEditorProps {
  /** The starting HTML. */
  value: string;
  onChange?: (html: string) => void;
  /** Accessible name of the editing area, e.g. 'Progress note'. */
  label: string;
  minHeight?: string;
  autoFocus?: boolean;
}

/** Text colours with at least 4.5:1 contrast on white, so coloured text stays readable. */
const TEXT_COLOURS = [
  { name: 'Red', value: '#b91c1c' },
  { name: 'Orange', value: '#c2410c' },
  { name: 'Green', value: '#15803d' },
  { name: 'Blue', value: '#1d4ed8' },
  { name: 'Purple', value: '#7e22ce' },
] as const;

const ALIGNMENTS = [
  { value: 'left', label: 'Align left', icon: <AlignLeftGlyph /> },
  { value: 'center', label: 'Align center', icon: <AlignCenterGlyph /> },
  { value: 'right', label: 'Align right', icon: <AlignRightGlyph /> },
  { value: 'justify', label: 'Justify', icon: <AlignJustifyGlyph /> },
] as const;

const editorExtensions = [
  // Undo/redo keep the library defaults: depth 100, a new group after 500 ms.
  StarterKit.configure({ undoRedo: { depth: 100, newGroupDelay: 500 }, link: { openOnClick: false } }),
  TextStyle,
  Color,
  TextAlign.configure({ types: ['heading', 'paragraph'] }),
];

export default function RichTextEditor({ value, onChange, label, minHeight = '12rem', autoFocus = false }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: editorExtensions,
    content: value,
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', spellcheck: 'true' },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current?.(current.getHTML()),
  });

  return (
    <Box borderWidth="1px" borderRadius="md" bg="white" _focusWithin={{ borderColor: 'blue.500', boxShadow: '0 0 0 1px var(--chakra-colors-blue-500)' }}>
      <Toolbar editor={editor} label={label} />
      <Box
        css={{
          ...richTextCss,
          '& .ProseMirror': { minHeight, padding: '3', outline: 'none' },
          '& .ProseMirror > * + *': { marginTop: '0.75em' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      align: ALIGNMENTS.find((a) => e.isActive({ textAlign: a.value }))?.value ?? 'left',
      colour: (e.getAttributes('textStyle').color as string | undefined) ?? null,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <Flex role="toolbar" aria-label={`${label} formatting`} wrap="wrap" gap="1" p="1" borderBottomWidth="1px" bg="gray.50" borderTopRadius="md" align="center">
      <ToolButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <BoldGlyph />
      </ToolButton>
      <ToolButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <ItalicGlyph />
      </ToolButton>
      <ToolButton label="Strikethrough" pressed={state.strike} onClick={() => chain().toggleStrike().run()}>
        <StrikeGlyph />
      </ToolButton>
      <Separator orientation="vertical" height="5" mx="1" />
      <ToolButton label="Bullet list" pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <BulletListGlyph />
      </ToolButton>
      <ToolButton label="Numbered list" pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <OrderedListGlyph />
      </ToolButton>
      <Separator orientation="vertical" height="5" mx="1" />
      {ALIGNMENTS.map((a) => (
        <ToolButton key={a.value} label={a.label} pressed={state.align === a.value} onClick={() => chain().setTextAlign(a.value).run()}>
          {a.icon}
        </ToolButton>
      ))}
      <Separator orientation="vertical" height="5" mx="1" />
      <ToolButton label="Default text colour" pressed={state.colour === null} onClick={() => chain().unsetColor().run()}>
        <Swatch colour="gray.800" />
      </ToolButton>
      {TEXT_COLOURS.map((c) => (
        <ToolButton key={c.value} label={`${c.name} text colour`} pressed={sameColour(state.colour, c.value)} onClick={() => chain().setColor(c.value).run()}>
          <Swatch colour={c.value} />
        </ToolButton>
      ))}
      <Separator orientation="vertical" height="5" mx="1" />
      <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <UndoGlyph />
      </ToolButton>
      <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <RedoGlyph />
      </ToolButton>
    </Flex>
  );
}

interface ToolButtonProps {
  label: string;
  /** Toggles (marks, lists, alignment, colour) report their state; actions (undo, redo) do not. */
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, pressed, disabled, onClick, children }: ToolButtonProps) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      size="xs"
      variant={pressed ? 'subtle' : 'ghost'}
      colorPalette={pressed ? 'blue' : 'gray'}
      disabled={disabled}
      // Keep the selection in the editor: the click applies to it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}

function Swatch({ colour }: { colour: string }) {
  return <Box as="span" display="block" boxSize="3.5" borderRadius="full" bg={colour} borderWidth="1px" borderColor="blackAlpha.400" />;
}

/** The browser may hand a colour back as rgb(...) after a reload; compare both forms. */
function sameColour(current: string | null, hex: string): boolean {
  if (!current) return false;
  if (current.toLowerCase() === hex) return true;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return current.replace(/\s/g, '') === `rgb(${r},${g},${b})`;
}

import { Box, type BoxProps } from '@chakra-ui/react';
import { richTextCss } from './styles.ts';

interface RichTextViewProps extends Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> {
  /** HTML the server has sanitized (every rich-text write goes through its allow-list). */
  html: string;
}

/** Read-only rich text. Needs no editor code, so showing a note never loads tiptap. */
export function RichTextView({ html, ...props }: RichTextViewProps) {
  return <Box css={richTextCss} {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}

import { Text, type TextProps } from '@chakra-ui/react';
import { useMemo } from 'react';
import { RichTextView } from '../../../components/rich-text/RichTextView.tsx';
import { looksLikeHtml, sanitizeHtml } from '../lib/richText.ts';

/** A goal's description: rich text (sanitized by the server, and again here) or plain text. */
export function GoalDescription({ html, ...props }: { html: string } & Omit<TextProps, 'children'>) {
  const safe = useMemo(() => (looksLikeHtml(html) ? sanitizeHtml(html) : null), [html]);
  if (safe === null) {
    return (
      <Text whiteSpace="pre-wrap" {...props}>
        {html}
      </Text>
    );
  }
  return <RichTextView html={safe} fontSize={props.fontSize} color={props.color} />;
}

import { Box, Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

// tiptap and ProseMirror (~100 KB gzip) download only when an editor is first shown.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/** The rich-text editor, loaded on demand, with a placeholder while it arrives. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <ErrorBoundary fallback={<Text color="red.600">The editor could not be loaded. Check your connection and reopen this dialog.</Text>}>
      <Suspense
        fallback={
          <Box role="status" aria-label="Loading editor">
            <Skeleton height="10" mb="1" />
            <Skeleton height={props.minHeight ?? '12rem'} />
          </Box>
        }
      >
        <RichTextEditor {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

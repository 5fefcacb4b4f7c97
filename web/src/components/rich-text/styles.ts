import type { SystemStyleObject } from '@chakra-ui/react';

/** Typography for rich text, shared by the read-only view and the editor so a note looks the same in both. */
export const richTextCss: SystemStyleObject = {
  lineHeight: '1.6',
  wordBreak: 'break-word',
  '& > * + *': { marginTop: '0.75em' },
  '& h1': { fontSize: 'xl', fontWeight: 'bold' },
  '& h2': { fontSize: 'lg', fontWeight: 'bold' },
  '& h3, & h4': { fontSize: 'md', fontWeight: 'semibold' },
  '& ul': { listStyleType: 'disc', paddingInlineStart: '1.5em' },
  '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.5em' },
  '& li > p': { margin: 0 },
  '& blockquote': { borderInlineStartWidth: '3px', borderColor: 'gray.300', paddingInlineStart: '1em', color: 'fg.muted' },
  '& a': { color: 'blue.700', textDecoration: 'underline' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'gray.100', paddingInline: '1', borderRadius: 'sm' },
  '& pre': { fontFamily: 'mono', bg: 'gray.100', padding: '3', borderRadius: 'md', overflowX: 'auto' },
  '& hr': { borderColor: 'gray.200' },
};

/** The editor toolbar's icons; they live with the editor so they load with it. Decorative: the buttons carry the names. */
import type { ReactNode } from 'react';

function glyph(paths: ReactNode) {
  return function Glyph() {
    return (
      <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        {paths}
      </svg>
    );
  };
}

export const BoldGlyph = glyph(<path d="M6 4h8a4 4 0 0 1 0 8H6zM6 12h9a4 4 0 0 1 0 8H6z" />);
export const ItalicGlyph = glyph(<path d="M19 4h-9M14 20H5M15 4 9 20" />);
export const StrikeGlyph = glyph(<path d="M16 4H9a3 3 0 0 0-2.83 4M14 12a4 4 0 0 1 0 8H6M4 12h16" />);
export const BulletListGlyph = glyph(<path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />);
export const OrderedListGlyph = glyph(<path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />);
export const AlignLeftGlyph = glyph(<path d="M21 6H3M15 12H3M17 18H3" />);
export const AlignCenterGlyph = glyph(<path d="M21 6H3M17 12H7M19 18H5" />);
export const AlignRightGlyph = glyph(<path d="M21 6H3M21 12H9M21 18H7" />);
export const AlignJustifyGlyph = glyph(<path d="M21 6H3M21 12H3M21 18H3" />);
export const UndoGlyph = glyph(<path d="M3 7v6h6M21 17a9 9 0 0 0-15-6.7L3 13" />);
export const RedoGlyph = glyph(<path d="M21 7v6h-6M3 17a9 9 0 0 1 15-6.7L21 13" />);

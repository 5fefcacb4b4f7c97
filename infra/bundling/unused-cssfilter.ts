/**
 * Stands in for cssfilter in Lambda bundles (9 KiB). The xss sanitizer loads it to filter `style`
 * attributes, but packages/core/src/rich-text.ts turns that off (`css: false`) and decides `style`
 * itself in onTagAttr, so the filter is constructed and never used. Reaching `process` would mean
 * that changed, so it fails loudly instead of letting styles through.
 * tests/infra/bundles.test.ts compares the bundled sanitizer's output with the source's.
 */
export class FilterCSS {
  process(): never {
    throw new Error('cssfilter is not bundled: the rich-text sanitizer must decide style attributes itself');
  }
}

/**
 * How a date field sits in a row of fields (school years, breaks, reporting periods): on a phone
 * it keeps room for a whole date ("08/17/2026" and the picker's icon) and wraps to its own line
 * rather than cut it; from md on, a fixed width beside the name.
 */
export const dateFieldLayout = { flex: { base: '1 1 10rem', md: '0 0 auto' }, w: { md: '44' }, minW: { base: '10rem', md: '0' } } as const;

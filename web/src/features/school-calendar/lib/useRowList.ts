import { useRef, useState } from 'react';

type RowCheck<Body, Errors> = { ok: true; body: Body } | { ok: false; rowErrors: Errors; listError?: string };

/**
 * The editable list behind the closures and reporting-period forms: rows keyed for React, edited,
 * added and removed in place, and checked as a whole (with the server's schema) before a save.
 * `onEdit` runs on every change (the forms clear their "saved" message). A removal clears the
 * errors, since they name rows by position.
 */
export function useRowList<Row extends { key: number }, Errors extends object>(initial: () => Row[], blank: Omit<Row, 'key'>, onEdit: () => void) {
  const [rows, setRows] = useState<Row[]>(initial);
  // New keys start past the first rows' (keyed 0 … n-1 by the callers); read on the first render only.
  const nextKey = useRef(rows.length);
  const [rowErrors, setRowErrors] = useState<Partial<Errors>>({});
  const [listError, setListError] = useState<string>();

  const change = (key: number, field: keyof Omit<Row, 'key'>, value: string) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    onEdit();
  };
  const add = () => {
    setRows((current) => [...current, { ...blank, key: nextKey.current++ } as Row]);
    onEdit();
  };
  const remove = (key: number) => {
    setRows((current) => current.filter((row) => row.key !== key));
    setRowErrors({});
    setListError(undefined);
    onEdit();
  };
  /** The body to send, or undefined with the errors shown. */
  const check = <Body>(checker: (rows: readonly Row[]) => RowCheck<Body, Errors>): Body | undefined => {
    const result = checker(rows);
    setRowErrors(result.ok ? {} : result.rowErrors);
    setListError(result.ok ? undefined : result.listError);
    return result.ok ? result.body : undefined;
  };
  /** Fresh keys for rows the server answered with (they may come back in another order). */
  const replace = (next: readonly Omit<Row, 'key'>[]) => setRows(next.map((row) => ({ ...row, key: nextKey.current++ }) as Row));

  return { rows, setRows, rowErrors, listError, change, add, remove, check, replace };
}

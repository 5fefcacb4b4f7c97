import { useCallback, useState } from 'react';
import { serverFieldErrors } from '../../../lib/api.ts';
import type { FieldErrors } from '../../../lib/form.ts';
import type { ClientField, ClientFormValues } from '../lib/client-form.ts';

/** The form's values and per-field messages; typing in a field clears its message. */
export function useClientForm(initial: ClientFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setField = useCallback(<F extends ClientField>(field: F, value: ClientFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const reset = useCallback((next: ClientFormValues) => {
    setValues(next);
    setErrors({});
  }, []);

  /** A 400's messages on their fields; one code of the list ('icd10Codes.1') shows on the whole field. */
  const setServerErrors = useCallback((error: unknown) => {
    const byField: FieldErrors = {};
    for (const [path, message] of Object.entries(serverFieldErrors(error))) byField[path.split('.')[0]!] ??= message;
    setErrors(byField);
  }, []);

  return { values, errors, setErrors, setServerErrors, setField, reset };
}

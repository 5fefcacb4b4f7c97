import { useCallback, useState } from 'react';
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

  return { values, errors, setErrors, setField, reset };
}

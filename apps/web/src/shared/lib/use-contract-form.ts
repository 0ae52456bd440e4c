/**
 * A form whose rules are the request's zod contract (packages/contracts) through mantine-form-zod-resolver, plus the
 * screen's own checks for choices the contract cannot word for a person («Выберите заказ»). A field's error goes as
 * soon as the field is corrected — it is checked again on every change while it shows an error — and a field
 * without an error is not checked while the user is still typing.
 */
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef } from 'react';
import type { $ZodType } from 'zod/v4/core';
// Before the first parse: zod must not probe `new Function`, which the CSP refuses (zod-config.ts).
import './zod-config';

export interface ContractFormOptions<Values extends Record<string, unknown>> {
  initialValues: Values;
  /** The contract's schema for the fields it covers (e.g. `ZShipmentRequestFieldsSchema.pick({ address: true })`). */
  schema: $ZodType;
  /** The screen's checks on top of the contract, as field → message (or null when fine). */
  checks?: (values: Values) => Partial<Record<keyof Values, string | null>>;
}

export function useContractForm<Values extends Record<string, unknown>>({ initialValues, schema, checks }: ContractFormOptions<Values>) {
  const resolve = zod4Resolver(schema);
  const formRef = useRef<UseFormReturnType<Values> | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    clearInputErrorOnChange: false,
    validate: (values) => {
      const errors: FormErrors = { ...resolve(values) };
      for (const [field, message] of Object.entries(checks?.(values) ?? {})) if (message) errors[field] = message;
      return errors;
    },
    onValuesChange: (values, previous) => {
      const current = formRef.current;
      if (!current) return;
      for (const field of Object.keys(values)) {
        if (values[field] !== previous[field] && current.errors[field]) current.validateField(field);
      }
    },
  });
  formRef.current = form;
  return form;
}

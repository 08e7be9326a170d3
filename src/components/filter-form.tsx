import { listFilterForm, maxDateRangeDays, recordDayOf } from '@contract/endpoint';
import { Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { createContext, type ReactNode, useContext, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormError } from '@/lib/form-error';

/**
 * A list page's filters as one form (docs/architecture.md §6): the fields live in `useForm`, and
 * their values go into the route's search when applied. A choice applies at once, free text on
 * Enter or on leaving its field, a period once both days are chosen (or both cleared) and the range
 * is one the contract allows; applying what is already applied does nothing, so the page stays.
 */

export type PickedPeriod = [string | null, string | null];
export type FilterValues = Record<string, string | PickedPeriod | null>;
type FilterForm = UseFormReturnType<FilterValues>;

const validateFilters = schemaResolver(listFilterForm, { sync: true });

export function useFilterForm<V extends FilterValues>(values: V) {
  return useForm<V>({ initialValues: values, validate: validateFilters });
}

/** The search's period as the picker holds it. */
export const pickedOf = (from: string | null | undefined, to: string | null | undefined): PickedPeriod => [
  from ?? null,
  to ?? null,
];

/** The search's period of a picked one: both days, none, or (half picked) unchanged. */
export function periodSearchOf(period: PickedPeriod): { from?: string; to?: string } {
  const [from, to] = period;
  if (from && to) return { from, to };
  return from || to ? {} : { from: undefined, to: undefined };
}

/** The last day the picker offers once the first day is chosen: the range may not grow past the limit. */
export function lastSelectableDay(from: string | null, today: dayjs.Dayjs = dayjs(recordDayOf(new Date()))): string {
  const end = from ? dayjs(from).add(maxDateRangeDays - 1, 'day') : today;
  return (end.isAfter(today) ? today : end).format('YYYY-MM-DD');
}

interface Filters {
  form: FilterForm;
  namespace: string;
  apply(): void;
}

const FiltersContext = createContext<Filters | null>(null);

function useFilters(): Filters {
  const filters = useContext(FiltersContext);
  if (!filters) throw new Error('a filter field belongs in a FilterForm');
  return filters;
}

/** The filter bar's form; `onApply` gets every field's value once they are acceptable. */
export function FilterForm<V extends FilterValues>({
  form,
  namespace,
  label,
  onApply,
  children,
}: {
  form: UseFormReturnType<V>;
  /** The namespace of the fields' messages. */
  namespace: string;
  label?: string;
  onApply(values: V): void;
  children: ReactNode;
}) {
  const applied = useRef(JSON.stringify(form.getValues()));
  const apply = () => {
    if (form.validate().hasErrors) return;
    const values = form.getValues();
    const text = JSON.stringify(values);
    if (text === applied.current) return;
    applied.current = text;
    onApply(values);
  };
  return (
    <FiltersContext.Provider value={{ form: form as unknown as FilterForm, namespace, apply }}>
      <form
        noValidate
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          {children}
        </Group>
      </form>
    </FiltersContext.Provider>
  );
}

/** A range of calendar days (the form's `period`), at most the contract's limit. */
export function PeriodField({
  label,
  description,
  placeholder,
  clearable = false,
  w,
  miw,
}: {
  label: string;
  description: string;
  placeholder?: string;
  clearable?: boolean;
  w?: string | number | Record<string, string | number>;
  miw?: number;
}) {
  const { t } = useTranslation('common');
  const { form, namespace, apply } = useFilters();
  const formError = useFormError(namespace);
  const input = form.getInputProps('period');
  const picked = (form.values.period as PickedPeriod | undefined) ?? [null, null];
  // Both days chosen, or both cleared: a half-picked period waits for its second day.
  form.watch('period', ({ value }) => {
    const [from, to] = value as PickedPeriod;
    if (Boolean(from) === Boolean(to)) apply();
  });
  return (
    <DatePickerInput
      {...input}
      type="range"
      valueFormat={t('common:layout.dayFormat')}
      label={label}
      description={description}
      placeholder={placeholder}
      maxDate={lastSelectableDay(picked[1] ? null : picked[0])}
      error={formError(input.error, { days: maxDateRangeDays })}
      allowSingleDateInRange
      clearable={clearable}
      w={w}
      miw={miw}
    />
  );
}

/** Free text applied on Enter or when the field is left, so each keystroke is not a call. */
export function SearchField({
  name,
  label,
  placeholder,
  maxLength,
  w,
}: {
  name: string;
  label: string;
  placeholder?: string;
  maxLength: number;
  w?: string | number | Record<string, string | number>;
}) {
  const { form, apply } = useFilters();
  const input = form.getInputProps(name);
  return (
    <TextInput
      {...input}
      label={label}
      placeholder={placeholder}
      onBlur={(event) => {
        input.onBlur?.(event);
        apply();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        apply();
      }}
      maxLength={maxLength}
      w={w}
    />
  );
}

/** One of a list of options (or none), applied as soon as it is chosen. */
export function ChoiceField({
  name,
  label,
  data,
  placeholder,
  clearable = true,
  disabled,
  w,
}: {
  name: string;
  label: string;
  data: { value: string; label: string }[];
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  w?: number;
}) {
  const { form, apply } = useFilters();
  form.watch(name, () => apply());
  return (
    <Select
      {...form.getInputProps(name)}
      label={label}
      placeholder={placeholder}
      data={data}
      clearable={clearable}
      allowDeselect={clearable}
      disabled={disabled}
      w={w}
    />
  );
}

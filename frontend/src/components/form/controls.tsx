import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldError } from '../ui/form-field';
import { useAppFormContext } from './app-form';
import { describe, useFieldErrors, type Choice, type FieldWiring } from './field';

/** A sum of dollars: the box with its `$` before it (spread a Field's `control` on it). */
export function MoneyInput({ ref, ...input }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <div className="input-prefix">
      <span aria-hidden="true">$</span>
      <input ref={ref} {...input} />
    </div>
  );
}

interface ChoicesProps extends FieldWiring {
  /** The value's name: an array of the ticked values (checkboxes) or the one chosen (radios). */
  name: string;
  /** Names the message (`<id>-error`). */
  id: string;
  legend: ReactNode;
  type: 'checkbox' | 'radio';
  options: readonly Choice[];
  /** Radios: the browser's own check (`native`), the legend marked with the asterisk. */
  required?: boolean;
  className?: string;
  legendClassName?: string;
  /** The class of the boxes' wrapper (`checkbox-grid`, `radio-row`). */
  listClassName?: string;
}

/**
 * A group of checkboxes or radios in a fieldset with its legend: the group is marked in error
 * (`data-invalid`, the first box then takes focus) and described by its message.
 */
export function Choices({ name, id, legend, type, options, required, errorId = `${id}-error`, ...rest }: ChoicesProps) {
  const { register, clearErrors } = useFormContext();
  const { clearOnEdit } = useAppFormContext();
  const errors = useFieldErrors(name);
  const aria = describe(errors, errorId);
  const legendClass = [rest.legendClassName, required ? 'required' : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={rest.className}
      aria-describedby={aria['aria-describedby']}
      data-invalid={aria['aria-invalid']}
    >
      <legend className={legendClass}>{legend}</legend>
      <div className={rest.listClassName}>
        {options.map((o) => (
          <label key={o.value} className="check">
            <input
              type={type}
              value={o.value}
              required={required}
              {...register(name, { onChange: () => clearOnEdit && clearErrors(name) })}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldError
        id={id}
        errorId={errorId}
        errors={errors}
        role={rest.errorRole}
        testId={rest.testId ? `${rest.testId}-error` : undefined}
      />
    </fieldset>
  );
}

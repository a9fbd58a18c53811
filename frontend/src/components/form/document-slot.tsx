import { useController, useFormContext } from 'react-hook-form';
import { DocumentField, type DocumentFieldProps } from '../ui/document-field';
import { FieldError } from '../ui/form-field';
import { useAppFormContext } from './app-form';
import { describe, useFieldErrors } from './field';

type Props = Omit<DocumentFieldProps, 'value' | 'onChange' | 'describedBy' | 'error'>;

/**
 * A form kit field that picks one of a task's documents or uploads a new one (`DocumentField`):
 * its value is the document id as a string ('' for none), its message beside the picker.
 */
export function DocumentSlot({ name, id, hintId, ...rest }: Props) {
  const { field } = useController({ name });
  const { clearErrors } = useFormContext();
  const { clearOnEdit } = useAppFormContext();
  const errors = useFieldErrors(name);
  return (
    <DocumentField
      {...rest}
      id={id}
      name={name}
      hintId={hintId}
      value={String(field.value ?? '')}
      onChange={(value) => {
        field.onChange(value);
        if (clearOnEdit) clearErrors(name);
      }}
      describedBy={describe(errors, `${id}-error`, hintId)}
      error={<FieldError id={id} errors={errors} />}
    />
  );
}

export { AppForm, FormMessage } from './app-form';
export { Choices, MoneyInput } from './controls';
export { DocumentSlot } from './document-slot';
export { Field, useFieldErrors, type Choice, type ControlProps } from './field';
export { useAppForm, type AppFormOptions } from './use-app-form';
export { RequiredNote } from '../ui/form-field';

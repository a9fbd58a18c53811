export { AppForm, FormMessage } from './app-form';
export { Field, useFieldErrors, type ControlProps } from './field';
export { useAppForm, type AppFormOptions } from './use-app-form';
export { RequiredNote } from '../ui/form-field';

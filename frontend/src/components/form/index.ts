export { AppForm, FormMessage } from './app-form';
export { Choices, MoneyInput } from './controls';
export { DateList } from './date-list';
export { ContractorField, type ContractorRoster, type PickableContractor } from './contractor-field';
export { Field, useFieldErrors, type Choice, type ControlProps } from './field';
export { FormFooter } from './form-footer';
export { useAppForm, type AppFormOptions } from './use-app-form';
export { RequiredNote } from '../ui/form-field';
// `DocumentSlot` (./document-slot) is imported from its own file: the task documents' picker and
// upload stay out of the chunk that the sign-in and account forms load.

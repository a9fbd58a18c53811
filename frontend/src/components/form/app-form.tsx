import { createContext, useContext, type FormHTMLAttributes, type ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import type { FieldErrors } from '../../lib/form-errors';
import type { AppForm as AppFormHandle } from './use-app-form';

interface KitContext {
  clearOnEdit: boolean;
  nativeErrors: FieldErrors;
  /** The parent's messages (`useAppForm`'s `errors`), shown after the form's own. */
  heldErrors: FieldErrors;
}

const Kit = createContext<KitContext>({ clearOnEdit: true, nativeErrors: {}, heldErrors: {} });

export function useAppFormContext(): KitContext {
  return useContext(Kit);
}

interface Props<T extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'ref'> {
  /** What `useAppForm` returned. */
  kit: AppFormHandle<T>;
  /** Runs with the values once the form's checks pass; throw to show the request's messages, `false`: refused. */
  onSubmit: (values: T) => Promise<void | boolean> | void | boolean;
  children: ReactNode;
}

/** The `<form>` of a form kit form: its fields reach the form's state through context. */
export function AppForm<T extends FieldValues>({ kit, onSubmit, children, ...rest }: Props<T>) {
  const { form, formRef, submit, clearOnEdit, native, nativeErrors, heldErrors } = kit;
  return (
    <FormProvider {...form}>
      <Kit.Provider value={{ clearOnEdit, nativeErrors, heldErrors }}>
        <form ref={formRef} noValidate={!native} onSubmit={submit(onSubmit)} {...rest}>
          {children}
        </form>
      </Kit.Provider>
    </FormProvider>
  );
}

/** The whole form's message, when there is one (role="alert"); `as` keeps the element a form had. */
export function FormMessage({ message, as: Tag = 'p' }: { message: string; as?: 'p' | 'div' }) {
  if (!message) return null;
  return (
    <Tag className="form-error" role="alert">
      {message}
    </Tag>
  );
}

import { Switch as SwitchPrimitive } from 'radix-ui';
import type * as React from 'react';
import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

/*
 * The form pieces the feature forms share that src/components/ui does not have, in shadcn's
 * style: a labelled field with its hint and error, the aria wiring that links a control to them,
 * and the textarea, native select and switch controls.
 */

/**
 * A labelled control with an optional hint under it, replaced by the field's error when there is
 * one. The hint and error get the ids `${id}-hint` and `${id}-error`; give the control
 * `{...describedBy(id, error, hasHint)}` so screen readers read them. `aside` sits at the end of
 * the label's row (a counter, a small action).
 */
export function Field({
  id,
  label,
  hint,
  error,
  aside,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn('grid gap-2', className)}>
      {aside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's error message, for controls laid out without <Field>; `id` is what aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-destructive text-sm">
      {error}
    </p>
  ) : null;
}

/** aria props for the control inside <Field>: invalid state and the hint or error that describes it. */
export const describedBy = (id: string, error: string | undefined, hasHint = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
});

/** What the text-like controls share with <Input>: border, focus ring and the invalid state. */
const controlClassName = cn(
  'w-full rounded-md border border-input bg-transparent px-3 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
);

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(controlClassName, 'field-sizing-content flex min-h-20 py-2 dark:aria-invalid:ring-destructive/40', className)}
      {...props}
    />
  );
}

export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return <select data-slot="select" className={cn(controlClassName, 'h-9 min-w-0 py-1', className)} {...props} />;
}

export function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'peer inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent shadow-xs outline-none transition-all focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-4 rounded-full bg-background ring-0 transition-transform data-[state=checked]:translate-x-[calc(100%-2px)] data-[state=unchecked]:translate-x-0 dark:data-[state=checked]:bg-primary-foreground dark:data-[state=unchecked]:bg-foreground" />
    </SwitchPrimitive.Root>
  );
}

import type { ReactNode } from 'react';
import './form-field.css';

export type FieldControlProps = {
  id: string;
  status: 'error' | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

/** Label above, control, and an error line announced to screen readers when it appears. */
export function FormField({
  id,
  label,
  error,
  extra,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  extra?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <div className="form-field__label-row">
        <label htmlFor={id} className="form-field__label">
          {label}
        </label>
        {extra}
      </div>
      {children({
        id,
        status: error ? 'error' : undefined,
        'aria-invalid': !!error,
        'aria-describedby': error ? errorId : undefined,
      })}
      <div id={errorId} className="form-field__error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}

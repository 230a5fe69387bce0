import { type FormEvent, type ReactNode, useId, useState } from 'react';

/** One input of an add form. */
export interface FieldDecl<V> {
  name: keyof V & string;
  label: string;
  type?: 'text' | 'number' | 'date' | 'url';
  /** A select instead of an input: its empty choice's text and its options. */
  select?: { empty: string; options: readonly { value: string; label: string }[] };
  required?: boolean;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal';
  step?: number;
  min?: number;
  /** Takes the row's spare width. */
  grow?: boolean;
}

/**
 * An add form as a declaration: its fields, the check run before sending (a message in the page's
 * language, or null), the write, and the message for a failed write.
 */
export interface AddFormDecl<V extends Record<string, string>> {
  /** The form's accessible name. */
  label?: string;
  className?: string;
  empty: V;
  fields: readonly FieldDecl<V>[];
  /** Use the browser's own checks of `required` fields (else the form checks with `validate`). */
  nativeValidation?: boolean;
  validate?: (values: V) => string | null;
  create: (values: V) => Promise<unknown>;
  failure: (err: unknown) => string;
  submit: { idle: string; busy: string };
  /** Where the submit button sits (the rank form's own wrapper). */
  submitWrapper?: (button: ReactNode) => ReactNode;
}

/** The add form of a resource section: fields, a submit that is disabled while adding, the error. */
export function AddForm<V extends Record<string, string>>({ decl }: { decl: AddFormDecl<V> }) {
  const ids = useId();
  const [values, setValues] = useState<V>(decl.empty);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (adding) return;
    const problem = decl.validate?.(values) ?? null;
    setError(problem);
    if (problem) return;
    setAdding(true);
    try {
      await decl.create(values);
      setValues(decl.empty);
    } catch (err) {
      setError(decl.failure(err));
    } finally {
      setAdding(false);
    }
  };
  const set = (name: keyof V) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const button = (
    <button type="submit" className="button button--primary" disabled={adding}>
      {adding ? decl.submit.busy : decl.submit.idle}
    </button>
  );
  return (
    <form
      className={decl.className ?? 'admin-catalogue__form'}
      onSubmit={submit}
      noValidate={!decl.nativeValidation}
      aria-label={decl.label}
    >
      {decl.fields.map((f) => (
        <label
          key={f.name}
          htmlFor={`${ids}-${f.name}`}
          className={`admin-field${f.grow ? ' admin-field--grow' : ''}`}
        >
          <span className="admin-field__label">
            {f.label}
            {f.required && !decl.nativeValidation ? ' *' : ''}
          </span>
          {f.select ? (
            <select id={`${ids}-${f.name}`} value={values[f.name]} onChange={set(f.name)}>
              <option value="">{f.select.empty}</option>
              {f.select.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${ids}-${f.name}`}
              type={f.type ?? 'text'}
              required={f.required}
              maxLength={f.maxLength}
              inputMode={f.inputMode}
              step={f.step}
              min={f.min}
              value={values[f.name]}
              onChange={set(f.name)}
              aria-describedby={`${ids}-err`}
            />
          )}
        </label>
      ))}
      {decl.submitWrapper ? decl.submitWrapper(button) : button}
      <p id={`${ids}-err`} className="admin-error" role={error ? 'alert' : undefined} hidden={!error}>
        {error ?? ''}
      </p>
    </form>
  );
}

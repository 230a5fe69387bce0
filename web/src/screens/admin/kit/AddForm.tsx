import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/Notify';
import { type FieldProblem, fieldProblemsOf, type ProblemsOf } from './field-problems';

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
  /** The language typed into it, when not the page's (a title in Russian or Japanese). */
  lang?: string;
  /** The request body's key this field sends, when not its name (a server's field error finds it). */
  server?: string;
}

/**
 * An add form as a declaration: its fields, the check run before sending (a message in the page's
 * language, naming its field when it is about one, or null), the write, the message for a failed
 * write, and the success message (default: "Added").
 */
export interface AddFormDecl<V extends Record<string, string>> {
  /** The form's accessible name. */
  label?: string;
  className?: string;
  empty: V;
  fields: readonly FieldDecl<V>[];
  /** Use the browser's own checks of `required` fields (else the form checks with `validate`). */
  nativeValidation?: boolean;
  validate?: (values: V) => string | FieldProblem<V> | null;
  create: (values: V) => Promise<unknown>;
  failure: (err: unknown) => string;
  /** The message once added. */
  success?: (values: V) => string;
  submit: { idle: string; busy: string };
  /** Where the submit button sits (the rank form's own wrapper). */
  submitWrapper?: (button: ReactNode) => ReactNode;
}

/**
 * The add form of a resource section: fields, a submit that is disabled while adding, a success
 * message once added; a refusal shows under the field it is about (the form's own check, or the
 * server's field errors), anything else under the form, never both.
 */
export function AddForm<V extends Record<string, string>>({ decl }: { decl: AddFormDecl<V> }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(decl.empty);
  const [problems, setProblems] = useState<ProblemsOf<V>>({ fields: {}, form: null });
  const [adding, setAdding] = useState(false);
  const fieldId = (name: string) => `${ids}-${name}`;

  const show = (found: ProblemsOf<V>) => {
    setProblems(found);
    // The first field in trouble takes the focus, so a keyboard or screen reader user is there.
    const first = decl.fields.find((f) => found.fields[f.name] !== undefined);
    if (first) form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first.name))}`)?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (adding) return;
    const problem = decl.validate?.(values) ?? null;
    if (problem) return show(fieldProblemsOf(problem, decl.fields));
    setProblems({ fields: {}, form: null });
    setAdding(true);
    try {
      await decl.create(values);
      notify.success(decl.success?.(values) ?? t('adminKit.added'));
      setValues(decl.empty);
    } catch (err) {
      show(
        fieldProblemsOf(
          {
            err,
            failure: decl.failure(err),
            invalid: (label) => t('adminKit.fieldInvalid', { field: label }),
          },
          decl.fields,
        ),
      );
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
      ref={form}
      className={decl.className ?? 'admin-catalogue__form'}
      onSubmit={submit}
      noValidate={!decl.nativeValidation}
      aria-label={decl.label}
    >
      {decl.fields.map((f) => {
        const error = problems.fields[f.name];
        const common = {
          id: fieldId(f.name),
          value: values[f.name],
          onChange: set(f.name),
          // Named by its label's text only (the error below it is its description).
          'aria-labelledby': `${fieldId(f.name)}-label`,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${fieldId(f.name)}-err` : `${ids}-err`,
        };
        return (
          <label
            key={f.name}
            htmlFor={fieldId(f.name)}
            className={`admin-field${f.grow ? ' admin-field--grow' : ''}`}
          >
            <span className="admin-field__label" id={`${fieldId(f.name)}-label`}>
              {f.label}
              {f.required && !decl.nativeValidation ? ' *' : ''}
            </span>
            {f.select ? (
              <select {...common}>
                <option value="">{f.select.empty}</option>
                {f.select.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={f.type ?? 'text'}
                required={f.required}
                maxLength={f.maxLength}
                lang={f.lang}
                inputMode={f.inputMode}
                step={f.step}
                min={f.min}
              />
            )}
            {error ? (
              <span id={`${fieldId(f.name)}-err`} className="admin-field__error" role="alert">
                {error}
              </span>
            ) : null}
          </label>
        );
      })}
      {decl.submitWrapper ? decl.submitWrapper(button) : button}
      <p
        id={`${ids}-err`}
        className="admin-error"
        role={problems.form ? 'alert' : undefined}
        hidden={!problems.form}
      >
        {problems.form ?? ''}
      </p>
    </form>
  );
}

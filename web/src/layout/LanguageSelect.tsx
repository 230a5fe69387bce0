import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../api/language';
import { useSession } from '../app/session';
import { LANGUAGES, type Language } from '../i18n/core';

/** Spec 1 §9: the switcher waits this long after a successful change before reloading. */
export const LANGUAGE_RELOAD_DELAY_MS = 100;

const nativeNames = new Map<string, string>();

/**
 * A language's name in itself (Deutsch, 日本語), for a language the bundled texts do not name.
 * Remembered per code: making an Intl.DisplayNames loads the language's locale data, which cost
 * a phone's page load about 100 ms of script at every render of the selector.
 */
export function nativeName(code: string): string {
  let name = nativeNames.get(code);
  if (name === undefined) {
    try {
      name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    } catch {
      name = code;
    }
    nativeNames.set(code, name);
  }
  return name;
}

/**
 * The language is stored server-side (the user's choice, or the visitor's session), so a
 * change is a call followed by a reload that renders the page again in the new language.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { language, languages: added = [] } = useSession();
  const offered = [...new Set<Language>([...LANGUAGES, ...added, language])];
  const id = useId();
  const [value, setValue] = useState<Language>(language);
  const [failed, setFailed] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const onChange = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (!offered.includes(next) || next === value) return;
    setValue(next);
    setFailed(false);
    const success = await changeLanguage(next).catch(() => false);
    if (success) {
      reloadTimer.current = setTimeout(() => window.location.reload(), LANGUAGE_RELOAD_DELAY_MS);
    } else {
      setValue(language);
      setFailed(true);
    }
  };

  return (
    <div className="language-select">
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} value={value} onChange={onChange}>
        {offered.map((code) => (
          <option key={code} value={code} lang={code}>
            {i18n.exists(`language.${code}`)
              ? t(`language.${code}`, { defaultValue: code })
              : nativeName(code)}
          </option>
        ))}
      </select>
      <p className="language-select__error" role="status">
        {failed ? t('language.changeFailed') : ''}
      </p>
    </div>
  );
}

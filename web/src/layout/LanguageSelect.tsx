import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../api/language';
import { useSession } from '../app/session';
import { LANGUAGES, type Language } from '../i18n/core';
import { nativeName } from '../i18n/formats';

/** Requirements M9: the switcher waits this long after a successful change before reloading. */
export const LANGUAGE_RELOAD_DELAY_MS = 100;

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

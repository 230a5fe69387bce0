/*
 * Intl formatters, made once per locale and options. Making one loads the locale's data: on a
 * phone's first load (4x slower CPU) a DateTimeFormat built at every render cost a screen tens of
 * milliseconds of script before its pictures could be asked for (docs/rules.md §28).
 */

const dates = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\n${JSON.stringify(options)}`;
  let format = dates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dates.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string): Intl.NumberFormat {
  let format = numbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numbers.set(locale, format);
  }
  return format;
}

/**
 * CSV opened in a spreadsheet: a cell beginning with = + - @ (or a tab or carriage return before
 * one) is read as a formula (CSV injection, OWASP). Such a cell is prefixed with an apostrophe so
 * it is shown as text; every other cell is left as it is. Quoting of commas, quotes and line
 * breaks is the CSV writer's (csv-stringify) job.
 */
export const neutraliseCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

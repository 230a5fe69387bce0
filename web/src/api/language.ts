import type { Language } from '../i18n/core';
import { request } from './client';

/** POST /change-language/{lang} with a JSON content type and an empty body (requirements M7). */
export async function changeLanguage(language: Language): Promise<boolean> {
  const answer = await request('POST /change-language/:lang', { params: { lang: language }, body: {} });
  return answer.success;
}

import * as z from 'zod/mini';
import type { Language } from '../i18n/core';
import { postJson } from './http';

const changeLanguageAnswer = z.object({ success: z.boolean() });

/** POST /change-language/{lang} with a JSON content type and an empty body (spec 1 §7). */
export async function changeLanguage(language: Language): Promise<boolean> {
  const answer = await postJson(`/change-language/${language}`, {}, changeLanguageAnswer);
  return answer.success;
}

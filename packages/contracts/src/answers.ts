import { z } from 'zod';

/**
 * The answer of a route that redirects (302, no body): declared as the route's response schema
 * for that status, so the API document (OpenAPI) shows the redirect and its Location header.
 */
export const redirectAnswerSchema = z.void().describe('A redirect: the Location header says where');

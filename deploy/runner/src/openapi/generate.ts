import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { DOCUMENT_FILE, generateDocument, serialize } from './document';

/**
 * `pnpm openapi`: writes the OpenAPI document the gateway serves (gateway/src/docs/openapi.json)
 * from the route table and what the services register. Run it after changing a route or a
 * route's schema; openapi.test.ts fails while the committed document differs.
 */
const document = await generateDocument();
await writeFile(DOCUMENT_FILE, serialize(document));
const paths = Object.keys(document.paths as object).length;
process.stdout.write(`wrote ${relative(process.cwd(), DOCUMENT_FILE)} (${paths} paths)\n`);

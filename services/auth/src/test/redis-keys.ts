import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** A key prefix of its own for one test file, and the clean-up that removes its keys. */
export function testRedisPrefix(): string {
  return `acg-test:${randomBytes(6).toString('hex')}:session:`;
}

export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Lists of 32-bit integers packed as the base64 of their big-endian bytes (packedIntsSchema in
 * @acg/contracts), the form PostgreSQL's int4send writes.
 */
export function packInts(values: ArrayLike<number>): string {
  const bytes = Buffer.allocUnsafe(values.length * 4);
  for (let i = 0; i < values.length; i++) bytes.writeInt32BE(values[i]!, i * 4);
  return bytes.toString('base64');
}

export function unpackInts(text: string): number[] {
  return intsOfBytes(Buffer.from(text, 'base64'));
}

/** The integers of big-endian int4 bytes. */
function intsOfBytes(bytes: Buffer): number[] {
  if (bytes.length % 4 !== 0)
    throw new Error(`packed integers: ${bytes.length} bytes is not a multiple of 4`);
  const out = new Array<number>(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt32BE(i * 4);
  return out;
}

import { describe, expect, it } from 'vitest';
import { hashOpaqueId, isOpaqueId, newOpaqueId, sameSecret } from './session-id';

describe('session ids', () => {
  it('are 256-bit base64url strings, never repeated', () => {
    const ids = new Set(Array.from({ length: 1000 }, newOpaqueId));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(isOpaqueId(id)).toBe(true);
      expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    }
  });
  it('hash to a stable SHA-256 hex digest', () => {
    expect(hashOpaqueId('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('reject values of another shape', () => {
    for (const bad of [undefined, 1, '', 'a'.repeat(42), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`]) {
      expect(isOpaqueId(bad)).toBe(false);
    }
  });
  it('compare secrets exactly', () => {
    expect(sameSecret('state-1', 'state-1')).toBe(true);
    expect(sameSecret('state-1', 'state-2')).toBe(false);
    expect(sameSecret('state', 'state-longer')).toBe(false);
  });
});

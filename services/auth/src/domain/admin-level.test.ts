import { describe, expect, it } from 'vitest';
import { adminLevelOnSignIn, seededAdminLevel } from './admin-level';

const developer = '1000000000000000001';

describe('adminLevelOnSignIn', () => {
  it('gives the fixed developer account level 4, new or not', () => {
    expect(adminLevelOnSignIn(developer, undefined, developer)).toBe(4);
    expect(adminLevelOnSignIn(developer, 0, developer)).toBe(4);
  });
  it('starts everyone else at 0 and keeps their level afterwards', () => {
    expect(adminLevelOnSignIn('5', undefined, developer)).toBe(0);
    expect(adminLevelOnSignIn('5', 2, developer)).toBe(2);
    expect(adminLevelOnSignIn('5', 3, undefined)).toBe(3);
  });
  it('takes level 4 away from anyone who is not the developer', () => {
    expect(adminLevelOnSignIn('5', 4, developer)).toBe(3);
    expect(adminLevelOnSignIn('5', 4, undefined)).toBe(3);
  });
});

describe('seededAdminLevel', () => {
  it('grants the intended level within 0..3, and 4 only to the developer', () => {
    expect(seededAdminLevel('5', 3, developer)).toBe(3);
    expect(seededAdminLevel('5', 4, developer)).toBe(3);
    expect(seededAdminLevel('5', -1, developer)).toBe(0);
    expect(seededAdminLevel(developer, 0, developer)).toBe(4);
  });
});

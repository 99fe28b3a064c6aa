import { describe, expect, it } from 'vitest';
import { homeOf, pathBelongsToRole, ROLE_AREAS, ROLES, securityPath } from './roles';

describe('the role map', () => {
  it('gives every role an area whose landing page and navigation lie inside it', () => {
    for (const role of ROLES) {
      const area = ROLE_AREAS[role];
      expect(pathBelongsToRole(area.home, role)).toBe(true);
      for (const entry of area.nav) expect(pathBelongsToRole(entry.to, role), entry.to).toBe(true);
      expect(pathBelongsToRole(securityPath(role), role)).toBe(true);
    }
  });

  it('lands each role in its own area, and a role this build does not know on /', () => {
    expect(homeOf('nurse')).toBe('/nurse/dashboard');
    expect(homeOf('admin')).toBe('/admin/dashboard');
    expect(homeOf('pharmacist')).toBe('/pharmacy/dispensing');
    expect(homeOf('cashier')).toBe('/billing/dashboard');
    expect(homeOf('porter')).toBe('/');
    expect(homeOf('')).toBe('/');
    expect(homeOf('toString')).toBe('/');
  });

  it('keeps ?next= inside the role’s own area and on this site', () => {
    expect(pathBelongsToRole('/nurse/profile?x=1', 'nurse')).toBe(true);
    expect(pathBelongsToRole('/nurse', 'nurse')).toBe(true);
    expect(pathBelongsToRole('/nursery', 'nurse')).toBe(false);
    expect(pathBelongsToRole('/admin/dashboard', 'nurse')).toBe(false);
    expect(pathBelongsToRole('//evil.example/nurse', 'nurse')).toBe(false);
    expect(pathBelongsToRole(null, 'nurse')).toBe(false);
  });
});

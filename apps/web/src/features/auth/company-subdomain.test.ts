import { describe, expect, it } from 'vitest';
import { companySubdomain } from './company-subdomain';

describe('companySubdomain', () => {
  it('takes the first label of a host that has a subdomain', () => {
    expect(companySubdomain('demo.localhost')).toBe('demo');
    expect(companySubdomain('Kids.LOCALHOST')).toBe('kids');
    expect(companySubdomain('demo.crm.example.com')).toBe('demo');
    expect(companySubdomain('demo.example.com')).toBe('demo');
  });

  it('finds none on bare hosts and IP addresses', () => {
    expect(companySubdomain('localhost')).toBeNull();
    expect(companySubdomain('example.com')).toBeNull();
    expect(companySubdomain('127.0.0.1')).toBeNull();
    expect(companySubdomain('[::1]')).toBeNull();
    expect(companySubdomain('')).toBeNull();
  });
});

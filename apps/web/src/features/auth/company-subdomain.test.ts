import { describe, expect, it } from 'vitest';
import { baseDomainOf, companySubdomain, handoffAddress } from './company-subdomain';

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

describe('baseDomainOf', () => {
  it('drops a centre’s label and keeps a bare host', () => {
    expect(baseDomainOf('localhost', false)).toBe('localhost');
    expect(baseDomainOf('demo.localhost', true)).toBe('localhost');
    expect(baseDomainOf('x.crm.example.com', true)).toBe('crm.example.com');
    // No company answers for "crm": the host is the base itself.
    expect(baseDomainOf('crm.example.com', false)).toBe('crm.example.com');
    expect(baseDomainOf('Demo.LOCALHOST.', true)).toBe('localhost');
  });
});

describe('handoffAddress', () => {
  it('opens the new centre’s handoff page on the same protocol and port, the secret in the fragment', () => {
    expect(handoffAddress({ protocol: 'http:', port: '3000' }, 'nur.localhost', 'a/b+c')).toBe(
      'http://nur.localhost:3000/auth/handoff#h=a%2Fb%2Bc',
    );
    expect(handoffAddress({ protocol: 'https:', port: '' }, 'nur.crm.example.com', 'abc')).toBe(
      'https://nur.crm.example.com/auth/handoff#h=abc',
    );
  });
});

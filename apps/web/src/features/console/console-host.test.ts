import { CONSOLE_SUBDOMAIN } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { CONSOLE_HOST_LABEL, isConsoleHost } from './console-host';

describe('the console host', () => {
  it('is the contracts’ console subdomain', () => {
    expect(CONSOLE_HOST_LABEL).toBe(CONSOLE_SUBDOMAIN);
  });

  it('is told by the host’s first label only', () => {
    expect(isConsoleHost('admin.localhost')).toBe(true);
    expect(isConsoleHost('admin.crm.example.com')).toBe(true);
    expect(isConsoleHost('ADMIN.crm.example.com')).toBe(true);
    for (const host of ['demo.localhost', 'localhost', 'crm.example.com', 'admin-x.localhost', '127.0.0.1']) {
      expect(isConsoleHost(host), host).toBe(false);
    }
  });
});
